import { AdminPageTitle } from '../../common/components/admin-page-title';
import { ApprovalNotice } from '../../common/components/approval-notice';
import { CashOutForm } from '../components/cash-out-form';

const lead = 'Record cash you have paid a member by hand. The amount leaves the member’s wallet once, with your name and the time kept in the audit log.';

export const MainCashOutPage = () => (
  <>
    <AdminPageTitle lead={lead}>Main Platform Admin Cashout</AdminPageTitle>
    <ApprovalNotice what="cash-outs above the threshold" />
    <CashOutForm programme="main" />
  </>
);

export const WelcomeBackCashOutPage = () => (
  <>
    <AdminPageTitle lead={lead}>Welcomeback Platform Admin Cashout</AdminPageTitle>
    <ApprovalNotice what="cash-outs above the threshold" />
    <CashOutForm programme="welcomeback" />
  </>
);
