import type { TwoFactorSetup } from '@coop/core/contracts';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { QueryState } from '../../../../components/display/query-state';
import { errorMessage, FormMessage } from '../../../../components/form';
import { RecoveryCodes, TotpEnrolment } from '../../../../components/two-factor/totp-enrolment';
import { startTwoFactorSetup, useConfirmTwoFactor, useTwoFactorStatus } from '../api/two-factor';
import { AdminPageTitle } from '../../common/components/admin-page-title';

/** Your two-factor sign-in: set it up with an authenticator app (a QR code), and see how many recovery codes are left. */
export function SecurityPage() {
  const status = useTwoFactorStatus();
  const setup = useMutation({ mutationFn: startTwoFactorSetup });
  const confirm = useConfirmTwoFactor();
  const [codes, setCodes] = useState<string[] | null>(null);
  const secret: TwoFactorSetup | undefined = setup.data;
  return (
    <>
      <AdminPageTitle lead="Administrators sign in with their password and a code from an authenticator app on their phone, so a stolen password alone opens nothing.">
        Two-factor sign-in
      </AdminPageTitle>
      <div className="max-w-xl space-y-4">
        {codes && <RecoveryCodes codes={codes} />}
        <QueryState query={status} label="your two-factor sign-in">
          {(s) =>
            s.enrolled ? (
              <FormMessage
                tone="success"
                message={`Two-factor sign-in is on for your account. Recovery codes left: ${s.recoveryCodesLeft}. You will be asked for a code at every sign-in.`}
              />
            ) : (
              <div className="space-y-4 rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
                <p className="text-slate-800">
                  {s.required
                    ? 'This platform requires two-factor sign-in for every administrator.'
                    : 'Two-factor sign-in is not on for your account yet. Once on, every sign-in asks for a code.'}
                </p>
                {!secret ? (
                  <button
                    type="button"
                    onClick={() => setup.mutate()}
                    disabled={setup.isPending}
                    className="min-h-11 rounded-md bg-brand-800 px-5 font-semibold text-white hover:bg-brand-900 disabled:opacity-70"
                  >
                    {setup.isPending ? 'Preparing...' : 'Set up two-factor sign-in'}
                  </button>
                ) : (
                  <TotpEnrolment
                    setup={secret}
                    pending={confirm.isPending}
                    error={confirm.error}
                    onCode={(code) =>
                      confirm.mutate(code, { onSuccess: (answer) => setCodes(answer.recoveryCodes) })
                    }
                  />
                )}
                {setup.isError && <FormMessage tone="error" message={errorMessage(setup.error)} />}
              </div>
            )
          }
        </QueryState>
      </div>
    </>
  );
}
