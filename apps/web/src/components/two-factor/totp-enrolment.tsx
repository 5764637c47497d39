import { twoFactorCodeField, type TwoFactorSetup } from '@coop/core/contracts';
import { QRCodeSVG } from 'qrcode.react';
import { z } from 'zod';
import { errorMessage, FormMessage, SubmitButton, TextField, useZodForm } from '../form';

const codeSchema = z.object({ code: twoFactorCodeField });

interface Props {
  setup: TwoFactorSetup;
  pending: boolean;
  error: unknown;
  onCode: (code: string) => void;
}

/**
 * The QR code of an authenticator secret, the secret itself for typing by hand, and the first code that
 * confirms the app holds it. Shared by the admin login (enrolment when required) and the admin area.
 */
export function TotpEnrolment({ setup, pending, error, onCode }: Props) {
  const form = useZodForm(codeSchema, { code: '' });
  const onSubmit = form.handleSubmit(({ code }) => onCode(code));
  return (
    <div className="space-y-4">
      <ol className="list-decimal space-y-1 pl-5 text-slate-800">
        <li>
          Open an authenticator app on your phone (Google Authenticator, Microsoft Authenticator,
          1Password...).
        </li>
        <li>Scan this QR code, or type the key below by hand.</li>
        <li>Enter the 6-digit code the app shows.</li>
      </ol>
      <div className="w-fit rounded-lg border border-slate-200 bg-white p-3" data-testid="totp-qr">
        <QRCodeSVG
          value={setup.otpauthUri}
          size={192}
          marginSize={2}
          title={`Authenticator QR code for ${setup.account}`}
        />
      </div>
      <p className="text-sm text-slate-700">
        Key for {setup.account}:{' '}
        <code
          className="rounded bg-slate-100 px-1 font-mono break-all text-slate-900"
          data-testid="totp-secret"
        >
          {setup.secret}
        </code>
      </p>
      <form noValidate onSubmit={onSubmit} className="space-y-3">
        <TextField
          label="Code from the app"
          inputMode="numeric"
          autoComplete="one-time-code"
          error={form.formState.errors.code}
          {...form.register('code')}
        />
        <SubmitButton pending={pending} pendingLabel="Checking...">
          Turn on two-factor sign-in
        </SubmitButton>
      </form>
      {error ? <FormMessage tone="error" message={errorMessage(error)} /> : null}
    </div>
  );
}

/** The recovery codes, shown once: each opens the account once when the phone is lost. */
export function RecoveryCodes({ codes }: { codes: string[] }) {
  return (
    <section
      aria-labelledby="recovery-codes"
      className="rounded-lg border border-amber-900/30 bg-amber-100 p-4"
    >
      <h2 id="recovery-codes" className="font-bold text-amber-900">
        Your recovery codes (shown once)
      </h2>
      <p className="mt-1 text-sm text-amber-900">
        Keep them somewhere safe, away from your phone. Each code signs you in once if you lose the phone; we
        keep only a scrambled copy and cannot show them again.
      </p>
      <ul className="mt-3 grid grid-cols-2 gap-2 font-mono text-slate-900" data-testid="recovery-codes">
        {codes.map((code) => (
          <li key={code} className="rounded bg-white px-2 py-1 text-center">
            {code}
          </li>
        ))}
      </ul>
    </section>
  );
}
