import type { Approval } from '@coop/core/contracts';
import { naira } from '../../../../components/display/format';
import { ConfirmButtons } from '../../../../components/form';

const what = (a: Approval) =>
  a.kind === 'cash_out' && a.held
    ? `The ${naira(a.held)} set aside becomes the cash-out now, and ${a.maker.fullName} hands the cash over.`
    : a.amount
      ? `${naira(a.amount)}${a.count !== null ? ` in ${a.count} payment${a.count === 1 ? '' : 's'}` : ''} will move now, exactly as shown to ${a.maker.fullName}${a.hasPreview ? ': anyone who changed since is left out and listed' : ''}.`
      : `It is carried out now, in ${a.maker.fullName}'s name.`;

/** The checker's second look before approving: what moves, and that it moves once, now. */
export function ApproveConfirmation({
  approval,
  pending,
  onConfirm,
  onCancel,
}: {
  approval: Approval;
  pending: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const question = `approve-question-${approval.id}`;
  return (
    <div
      role="group"
      aria-labelledby={question}
      className="rounded-lg border border-amber-900/30 bg-amber-100 p-3"
      data-testid="approve-confirmation"
    >
      <p id={question} className="font-semibold text-amber-900">
        Approve request #{approval.id}? {what(approval)}
      </p>
      <ConfirmButtons
        label="Yes, approve"
        pendingLabel="Working..."
        pending={pending}
        onConfirm={onConfirm}
        onCancel={onCancel}
      />
    </div>
  );
}
