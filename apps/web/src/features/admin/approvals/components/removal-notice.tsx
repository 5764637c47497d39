import type { Approval } from '@coop/core/contracts';
import { formatDateTime } from '../../../../components/display/format';

/**
 * A request with a notice (removing an administrator, decision 0038): when it takes effect, who can still stop it,
 * and the objection of the administrator it concerns, which is shown to everyone but does not stop it.
 */
export function RemovalNotice({ approval, viewerId }: { approval: Approval; viewerId: string | undefined }) {
  if (!approval.takesEffectAt) return null;
  const target = approval.target?.fullName ?? 'the administrator it concerns';
  const concernsYou = approval.target?.id === viewerId;
  const own = approval.maker.id === viewerId;
  const byNotice = approval.status === 'approved' && approval.checker === null;
  return (
    <div
      className="mt-2 space-y-2 rounded-md border border-amber-900/30 bg-amber-50 p-3 text-sm text-amber-950"
      data-testid="removal-notice"
    >
      {approval.status === 'pending' && (
        <>
          <p>
            <span className="font-semibold">Takes effect on {formatDateTime(approval.takesEffectAt)}</span>{' '}
            unless an administrator other than {approval.maker.fullName} and {target} declines it before then.
            Such an administrator may also approve it sooner.
          </p>
          <p>
            {concernsYou
              ? 'This request concerns you: you cannot approve or decline it. You may object: your objection is mailed to every administrator, but it does not stop the request.'
              : own
                ? 'You asked for this: it needs nobody else’s approval to take effect. You may withdraw it until then.'
                : `${target} may object; an objection is mailed to every administrator but does not stop it. Only you or another administrator who did not ask for it can.`}
          </p>
        </>
      )}
      {byNotice && (
        <p className="font-semibold">
          Took effect at the end of its notice: no other administrator declined it.
        </p>
      )}
      {approval.objection && (
        <p className="break-words" data-testid="removal-objection">
          <span className="font-semibold">
            {target} objected on {formatDateTime(approval.objection.at)}:
          </span>{' '}
          {approval.objection.reason}
        </p>
      )}
    </div>
  );
}
