import { contactReplySchema } from '@coop/core/contracts';
import {
  errorMessage,
  FormMessage,
  SubmitButton,
  TextAreaField,
  useZodForm,
} from '../../../../components/form';
import { useCloseMessage, useReplyToMessage } from '../api/answer-contact-message';
import type { ContactMessage } from '../../common/types';

/** Write the answer here: it is mailed to the sender and kept with the message; or close the message. */
export function ReplyForm({ message }: { message: ContactMessage }) {
  const form = useZodForm(contactReplySchema, { reply: '' });
  const reply = useReplyToMessage();
  const close = useCloseMessage();
  const onSubmit = form.handleSubmit(({ reply: body }) =>
    reply.mutate({ id: message.id, reply: body }, { onSuccess: () => form.reset() }),
  );
  return (
    <form noValidate onSubmit={onSubmit} className="mt-3 space-y-3 border-t border-slate-200 pt-3">
      <TextAreaField
        label={`Reply to ${message.email}`}
        rows={4}
        hint="Sent by mail with their message quoted below it."
        error={form.formState.errors.reply}
        {...form.register('reply')}
      />
      <div className="flex flex-wrap gap-3">
        <SubmitButton pending={reply.isPending} pendingLabel="Sending..." className="w-auto">
          Send reply
        </SubmitButton>
        {message.state !== 'closed' && (
          <button
            type="button"
            onClick={() => close.mutate(message.id)}
            disabled={close.isPending}
            className="min-h-11 rounded-md border border-slate-300 bg-white px-5 font-semibold text-slate-800 hover:bg-slate-50 disabled:opacity-70"
          >
            Close without reply
          </button>
        )}
      </div>
      {reply.isSuccess && <FormMessage tone="success" message={reply.data.message} />}
      {reply.isError && <FormMessage tone="error" message={errorMessage(reply.error)} />}
      {close.isError && <FormMessage tone="error" message={errorMessage(close.error)} />}
    </form>
  );
}
