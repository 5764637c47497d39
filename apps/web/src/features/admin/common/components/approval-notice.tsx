import type { ApprovalPendingAnswer } from '@coop/core/contracts';
import { useApprovalSettings } from '../api/get-approval-settings';

/** An act's answer when it now waits for a second administrator (HTTP 202). */
export const isPendingApproval = (answer: unknown): answer is ApprovalPendingAnswer =>
  typeof answer === 'object' &&
  answer !== null &&
  'approval' in answer &&
  (answer as { status?: unknown }).status === 202;

/**
 * Says on every screen whose acts need a second administrator how this deployment is set: with one
 * administrator (SINGLE_ADMIN_APPROVAL=true) the acts complete at once, and the screen says so.
 */
export function ApprovalNotice({
  what,
  waiting,
}: {
  what: string;
  /** What happens while they wait, when not "nothing moves". */ waiting?: string;
}) {
  const settings = useApprovalSettings();
  if (!settings.data) return null;
  return settings.data.singleAdmin ? (
    <p
      className="mb-4 rounded-md border border-amber-900/30 bg-amber-100 px-3 py-2 text-sm text-amber-900"
      data-testid="single-admin-notice"
    >
      This platform runs with a single administrator (SINGLE_ADMIN_APPROVAL=true): {what} complete at once,
      with no second administrator’s approval.
    </p>
  ) : (
    <p
      className="mb-4 rounded-md border border-slate-300 bg-slate-50 px-3 py-2 text-sm text-slate-800"
      data-testid="approval-notice"
    >
      {what.charAt(0).toUpperCase() + what.slice(1)} wait for a second administrator’s approval on the
      Approvals page; {waiting ?? 'nothing moves until then.'}
    </p>
  );
}
