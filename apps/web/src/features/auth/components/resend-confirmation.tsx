import type { Programme } from '@coop/core';
import { useMutation } from '@tanstack/react-query';
import { errorMessage, FormMessage } from '../../../components/form';
import { resendConfirmation } from '../api/resend-confirmation';

/** Shown when a login is refused because the email is not confirmed: offers a new confirmation link. */
export function ResendConfirmation({
  email,
  programme,
  message,
}: {
  email: string;
  programme: Programme;
  message: string;
}) {
  const resend = useMutation({ mutationFn: resendConfirmation });
  return (
    <div
      role="alert"
      className="mt-4 rounded-md border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950"
    >
      <p>{message}</p>
      {!resend.isSuccess && (
        <button
          type="button"
          disabled={resend.isPending}
          onClick={() => resend.mutate({ email, programme })}
          className="mt-3 min-h-11 rounded-md border-2 border-amber-700 px-4 py-2 font-semibold text-amber-950 hover:bg-amber-100 disabled:opacity-70"
        >
          {resend.isPending ? 'Sending...' : 'Send me a new confirmation link'}
        </button>
      )}
      <FormMessage tone="success" message={resend.data?.message} />
      <FormMessage tone="error" message={resend.isError ? errorMessage(resend.error) : null} />
    </div>
  );
}
