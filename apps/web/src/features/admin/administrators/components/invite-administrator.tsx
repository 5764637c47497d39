import { adminInvitationSchema } from '@coop/core/contracts';
import { Link } from 'react-router';
import { errorMessage, FormMessage, SubmitButton, TextField, useZodForm } from '../../../../components/form';
import { formatDateTime } from '../../../../components/display/format';
import { approvalPath } from '../../common/admin-paths';
import { useIdempotencyKey } from '../../common/hooks/use-idempotency-key';
import { useInvitationStatus, useInviteAdministrator } from '../api/invite-administrator';
import { adminName } from '../../common/admin-name';

/**
 * Invite an administrator (decision 0038): a person, at an address no account uses, who chooses their own password
 * through a mailed link and sets up two-factor sign-in. The sole administrator's invitation is mailed at once;
 * while another administrator exists it waits for a second administrator's approval, and is mailed then.
 */
export function InviteAdministrator() {
  const status = useInvitationStatus();
  const invite = useInviteAdministrator();
  const idempotency = useIdempotencyKey();
  const form = useZodForm(adminInvitationSchema, { fullName: '', email: '' });
  const onSubmit = form.handleSubmit((input) =>
    invite.mutate(
      { ...input, idempotencyKey: idempotency.keyFor(`invite|${input.email}|${input.fullName}`) },
      { onSuccess: () => (idempotency.done(), form.reset({ fullName: '', email: '' })) },
    ),
  );
  const sole = status.data?.sole === true;
  const answer = invite.data;
  return (
    <section
      aria-labelledby="invite-title"
      className="space-y-3 rounded-lg border border-brand-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <h2 id="invite-title" className="text-lg font-bold text-slate-900">
        {sole ? 'Invite a second administrator' : 'Invite an administrator'}
      </h2>
      <p className="text-sm text-slate-700">
        {sole
          ? 'You are the only administrator, so nobody can approve your requests: your invitation is mailed at once.'
          : 'Another administrator approves the invitation first; the link is mailed then.'}{' '}
        The person chooses their own password through the link (it works for 3 days) and must set up
        two-factor sign-in before their approvals count. Use an address no account on the platform uses: a
        member who becomes an administrator keeps their membership under their own address and gets a separate
        administrator account.
      </p>
      {status.data && status.data.waiting.length > 0 && (
        <ul className="space-y-1" aria-label="Invitations waiting for approval">
          {status.data.waiting.map((w) => (
            <li
              key={w.approvalId}
              className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-950"
              data-testid="invitation-waiting"
            >
              Waiting for approval: {w.fullName} ({w.email}), asked by {adminName(w.askedBy)} on{' '}
              {formatDateTime(w.createdAt)}.{' '}
              <Link to={approvalPath(w.approvalId)} className="font-semibold underline underline-offset-2">
                Request #{w.approvalId}
              </Link>
            </li>
          ))}
        </ul>
      )}
      {status.data && status.data.invitations.length > 0 && (
        <ul className="space-y-1" aria-label="Invitations mailed">
          {status.data.invitations.map((i) => (
            <li
              key={i.email}
              className="rounded-md bg-slate-50 px-3 py-2 text-sm text-slate-800"
              data-testid="invitation-pending"
            >
              Mailed: {i.fullName} ({i.email}), invited {formatDateTime(i.createdAt)}; the link works until{' '}
              {formatDateTime(i.expiresAt)}. Inviting the same address again replaces it.
            </li>
          ))}
        </ul>
      )}
      <form noValidate onSubmit={onSubmit} className="space-y-3">
        <TextField
          label="Full names"
          autoComplete="off"
          error={form.formState.errors.fullName}
          {...form.register('fullName')}
        />
        <TextField
          label="Email for the administrator account"
          type="email"
          autoComplete="off"
          error={form.formState.errors.email}
          {...form.register('email')}
        />
        <SubmitButton pending={invite.isPending} pendingLabel="Sending...">
          {sole ? 'Send the invitation' : 'Ask to invite'}
        </SubmitButton>
        <FormMessage
          tone={invite.isError ? 'error' : 'success'}
          message={invite.isError ? errorMessage(invite.error) : (answer?.message ?? null)}
        />
      </form>
    </section>
  );
}
