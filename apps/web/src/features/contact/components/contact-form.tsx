import { contactSchema } from '@coop/core/contracts';
import { useMutation } from '@tanstack/react-query';
import {
  errorMessage,
  SubmitButton,
  TextAreaField,
  TextField,
  useResultDialog,
  useZodForm,
} from '../../../components/form';
import { sendContact } from '../api/send-contact';

export function ContactForm() {
  const form = useZodForm(contactSchema, { name: '', email: '', message: '' });
  const send = useMutation({ mutationFn: sendContact });
  const popup = useResultDialog();
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const answer = await send.mutateAsync(values);
      form.reset();
      popup.done({ message: answer.message });
    } catch (error) {
      popup.show({ ok: false, message: errorMessage(error) });
    }
  });
  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4" aria-label="Contact us">
      <TextField label="Name" autoComplete="name" error={errors.name} {...form.register('name')} />
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        error={errors.email}
        {...form.register('email')}
      />
      <TextAreaField label="Message" error={errors.message} {...form.register('message')} />
      <SubmitButton pending={send.isPending} pendingLabel="Sending...">
        Submit
      </SubmitButton>
      {popup.dialog}
    </form>
  );
}
