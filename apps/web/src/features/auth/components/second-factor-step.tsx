import type { LoginResponse } from '@coop/core/contracts';
import { twoFactorCodeField } from '@coop/core/contracts';
import { useMutation } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { z } from 'zod';
import { errorMessage, FormMessage, SubmitButton, TextField, useZodForm } from '../../../components/form';
import { confirmDuringLogin, setupDuringLogin, verifySecondFactor } from '../api/second-factor';

// The QR code library loads only for the few administrators who enrol, never with the public pages.
const TotpEnrolment = lazy(() =>
  import('../../../components/two-factor/totp-enrolment').then((m) => ({ default: m.TotpEnrolment })),
);
const RecoveryCodes = lazy(() =>
  import('../../../components/two-factor/totp-enrolment').then((m) => ({ default: m.RecoveryCodes })),
);

const codeSchema = z.object({ code: twoFactorCodeField });

interface Props {
  challenge: string;
  mode: 'code' | 'enrol';
  onSignedIn: (answer: LoginResponse) => void;
}

/** The admin login's second step: the authenticator code (or a recovery code), or enrolment when it is required. */
export function SecondFactorStep({ challenge, mode, onSignedIn }: Props) {
  return mode === 'code' ? (
    <CodeStep challenge={challenge} onSignedIn={onSignedIn} />
  ) : (
    <EnrolStep challenge={challenge} onSignedIn={onSignedIn} />
  );
}

function CodeStep({ challenge, onSignedIn }: Omit<Props, 'mode'>) {
  const form = useZodForm(codeSchema, { code: '' });
  const verify = useMutation({
    mutationFn: (code: string) => verifySecondFactor(challenge, code),
    onSuccess: onSignedIn,
  });
  const onSubmit = form.handleSubmit(({ code }) => verify.mutate(code));
  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4" aria-labelledby="second-factor">
      <p id="second-factor" className="text-slate-800">
        Enter the 6-digit code from your authenticator app. Lost your phone? Enter one of your recovery codes
        instead.
      </p>
      <TextField
        label="Two-factor code"
        inputMode="text"
        autoComplete="one-time-code"
        error={form.formState.errors.code}
        {...form.register('code')}
      />
      <SubmitButton pending={verify.isPending} pendingLabel="Checking...">
        Verify
      </SubmitButton>
      {verify.isError && <FormMessage tone="error" message={errorMessage(verify.error)} />}
    </form>
  );
}

function EnrolStep({ challenge, onSignedIn }: Omit<Props, 'mode'>) {
  const setup = useMutation({ mutationFn: () => setupDuringLogin(challenge) });
  const confirm = useMutation({ mutationFn: (code: string) => confirmDuringLogin(challenge, code) });
  const [done, setDone] = useState<(LoginResponse & { recoveryCodes: string[] }) | null>(null);
  if (done) {
    return (
      <Suspense fallback={<p role="status">Loading...</p>}>
        <div className="space-y-4">
          <RecoveryCodes codes={done.recoveryCodes} />
          <button
            type="button"
            onClick={() => onSignedIn(done)}
            className="min-h-11 rounded-md bg-brand-800 px-5 font-semibold text-white hover:bg-brand-900"
          >
            I have kept my recovery codes: continue
          </button>
        </div>
      </Suspense>
    );
  }
  return (
    <div className="space-y-4">
      <p className="text-slate-800">
        This platform requires two-factor sign-in for administrators. Set it up now with an authenticator app
        on your phone.
      </p>
      {!setup.data ? (
        <button
          type="button"
          onClick={() => setup.mutate()}
          disabled={setup.isPending}
          className="min-h-11 rounded-md bg-brand-800 px-5 font-semibold text-white hover:bg-brand-900 disabled:opacity-70"
        >
          {setup.isPending ? 'Preparing...' : 'Set up two-factor sign-in'}
        </button>
      ) : (
        <Suspense fallback={<p role="status">Loading...</p>}>
          <TotpEnrolment
            setup={setup.data}
            pending={confirm.isPending}
            error={confirm.error}
            onCode={(code) => confirm.mutate(code, { onSuccess: setDone })}
          />
        </Suspense>
      )}
      {setup.isError && <FormMessage tone="error" message={errorMessage(setup.error)} />}
    </div>
  );
}
