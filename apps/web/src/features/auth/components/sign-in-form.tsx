import type { Programme } from '@coop/core';
import { loginSchema, type LoginInput, type LoginResponse } from '@coop/core/contracts';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import {
  errorCode,
  errorMessage,
  SubmitButton,
  TextField,
  useResultDialog,
  useZodForm,
} from '../../../components/form';
import { startSession, type SessionArea } from '../../../lib/session';
import { login } from '../api/login';
import { ResendConfirmation } from './resend-confirmation';
import { SecondFactorStep } from './second-factor-step';
import { safeNext } from './safe-next';

interface Props {
  area: SessionArea;
  /** The login call: /auth/login, /auth/loginwelc or /admin/adminLogin. */
  call: string;
  /** Where a signed-in person goes, unless the link asked for a `?next=` page. */
  destination: string;
  /** The programme of the account, for a new confirmation link. */
  programme: Programme;
  successTitle?: string;
}

export function SignInForm({ area, call, destination, programme, successTitle }: Props) {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const form = useZodForm(loginSchema, { email: '', password: '' });
  const signIn = useMutation({ mutationFn: (values: LoginInput) => login(call, values) });
  const popup = useResultDialog();
  const [unconfirmed, setUnconfirmed] = useState<{ email: string; message: string } | null>(null);
  const [secondFactor, setSecondFactor] = useState<{ challenge: string; mode: 'code' | 'enrol' } | null>(
    null,
  );
  const { errors } = form.formState;

  const signedIn = (answer: LoginResponse) => {
    startSession(area, answer);
    popup.done({ title: successTitle, message: answer.message }, () =>
      navigate(safeNext(params.get('next'), destination), { replace: true }),
    );
  };

  const onSubmit = form.handleSubmit(async (values) => {
    setUnconfirmed(null);
    try {
      const answer = await signIn.mutateAsync(values);
      // An administrator's password opens nothing yet: the second factor comes first.
      if ('twoFactor' in answer) setSecondFactor({ challenge: answer.challenge, mode: answer.twoFactor });
      else signedIn(answer);
    } catch (error) {
      // The spec resets the login form on failure; the email stays so a typo in the password is quick to fix.
      form.resetField('password');
      if (errorCode(error) === 'email_unconfirmed')
        setUnconfirmed({ email: values.email, message: errorMessage(error) });
      else popup.show({ ok: false, message: errorMessage(error) });
    }
  });

  if (secondFactor) {
    return (
      <>
        <SecondFactorStep challenge={secondFactor.challenge} mode={secondFactor.mode} onSignedIn={signedIn} />
        {popup.dialog}
      </>
    );
  }

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4">
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        error={errors.email}
        {...form.register('email')}
      />
      <TextField
        label="Password"
        type="password"
        autoComplete="current-password"
        error={errors.password}
        {...form.register('password')}
      />
      <SubmitButton pending={signIn.isPending} pendingLabel="Login in...">
        Login
      </SubmitButton>
      {unconfirmed && (
        <ResendConfirmation email={unconfirmed.email} programme={programme} message={unconfirmed.message} />
      )}
      {popup.dialog}
    </form>
  );
}
