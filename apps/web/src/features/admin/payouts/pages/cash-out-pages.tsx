import { naira } from '../../../../components/display/format';
import { useApprovalSettings } from '../../common/api/get-approval-settings';
import { AdminPageTitle } from '../../common/components/admin-page-title';
import { ApprovalNotice } from '../../common/components/approval-notice';
import { CashOutForm } from '../components/cash-out-form';

const lead = 'Record cash you have paid a member by hand. The amount leaves the member’s wallet once, with your name and the time kept in the audit log.';

/** The threshold is the deployment's (APPROVAL_THRESHOLD_KOBO): the notice states the amount. */
function CashOutApprovalNotice() {
  const threshold = useApprovalSettings().data?.cashOutThreshold;
  return <ApprovalNotice what={threshold ? `cash-outs above ${naira(threshold)}` : 'cash-outs above the approval threshold'} />;
}

export const MainCashOutPage = () => (
  <>
    <AdminPageTitle lead={lead}>Main Platform Admin Cashout</AdminPageTitle>
    <CashOutApprovalNotice />
    <CashOutForm programme="main" />
  </>
);

export const WelcomeBackCashOutPage = () => (
  <>
    <AdminPageTitle lead={lead}>Welcomeback Platform Admin Cashout</AdminPageTitle>
    <CashOutApprovalNotice />
    <CashOutForm programme="welcomeback" />
  </>
);
