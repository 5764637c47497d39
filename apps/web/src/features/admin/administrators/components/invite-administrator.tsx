import { adminInvitationSchema } from '@coop/core/contracts';
import { errorMessage, FormMessage, SubmitButton, TextField, useZodForm } from '../../../../components/form';
import { formatDateTime } from '../../../../components/display/format';
import { useInvitationStatus, useInviteAdministrator } from '../api/invite-administrator';

/**
 * Shown to the sole administrator only: invite a second one (audited and mailed). With one administrator nobody
 * could approve a role change, so this one needs no approval; afterwards a second administrator approves such acts.
 */
export function InviteAdministrator() {
  const status = useInvitationStatus();
  const invite = useInviteAdministrator();
  const form = useZodForm(adminInvitationSchema, { fullName: '', email: '' });
  if (!status.data?.sole) return null;
  const pending = status.data.pending;
  const onSubmit = form.handleSubmit((input) => invite.mutate(input, { onSuccess: () => form.reset({ fullName: '', email: '' }) }));
  return (
    <section aria-labelledby="invite-title" className="space-y-3 rounded-lg border border-brand-200 bg-white p-4 shadow-sm sm:p-6">
      <h2 id="invite-title" className="text-lg font-bold text-slate-900">
        Invite a second administrator
      </h2>
      <p className="text-sm text-slate-700">
        You are the only administrator, so nobody can approve your requests. Invite one more person: someone with a Main account becomes an administrator at
        once; anyone else gets a mail with a link to choose a password. After that, a second administrator approves acts that move money or power.
      </p>
      {pending && (
        <p className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-950" data-testid="invitation-pending">
          Waiting: {pending.fullName} ({pending.email}), invited {formatDateTime(pending.createdAt)}; the link works until {formatDateTime(pending.expiresAt)}. A new
          invitation replaces it.
        </p>
      )}
      <form noValidate onSubmit={onSubmit} className="space-y-3">
        <TextField label="Full names" autoComplete="off" error={form.formState.errors.fullName} {...form.register('fullName')} />
        <TextField label="Email" type="email" autoComplete="off" error={form.formState.errors.email} {...form.register('email')} />
        <SubmitButton pending={invite.isPending} pendingLabel="Inviting...">
          Send the invitation
        </SubmitButton>
        <FormMessage tone={invite.isError ? 'error' : 'success'} message={invite.isError ? errorMessage(invite.error) : (invite.data?.message ?? null)} />
      </form>
    </section>
  );
}
