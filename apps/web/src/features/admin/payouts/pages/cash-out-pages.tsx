import { naira } from '../../../../components/display/format';
import { useApprovalSettings } from '../../common/api/get-approval-settings';
import { AdminPageTitle } from '../../common/components/admin-page-title';
import { ApprovalNotice } from '../../common/components/approval-notice';
import { CashOutForm } from '../components/cash-out-form';

const lead =
  'Pay a member’s wallet out in cash. Up to the approval threshold, record cash you have handed over; above it, ask first and hand the cash over only once a second administrator approves. The amount leaves the member’s wallet once, with your name and the time kept in the audit log.';

/** The threshold is the deployment's (APPROVAL_THRESHOLD_KOBO): the notice states the amount and what happens meanwhile (decision 0040). */
function CashOutApprovalNotice() {
  const threshold = useApprovalSettings().data?.cashOutThreshold;
  return (
    <ApprovalNotice
      what={threshold ? `cash-outs above ${naira(threshold)}` : 'cash-outs above the approval threshold'}
      waiting="meanwhile the amount is set aside from the member’s wallet (a payout run leaves it out), and the cash is handed over only once approved. A decline or a withdrawal gives it back to the wallet."
    />
  );
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
