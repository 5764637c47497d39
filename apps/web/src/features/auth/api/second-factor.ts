import type { LoginResponse, TwoFactorSetup } from '@coop/core/contracts';
import { apiFetch } from '../../../lib/api-client';

/** POST /admin/two-factor/verify: the admin login's second step (a code or a recovery code). */
export const verifySecondFactor = (challenge: string, code: string) =>
  apiFetch<LoginResponse>('/admin/two-factor/verify', {
    method: 'POST',
    body: { challenge, code },
    token: null,
  });

/** POST /admin/two-factor/challenge/setup: enrolment during the login, when the platform requires it. */
export const setupDuringLogin = (challenge: string) =>
  apiFetch<TwoFactorSetup>('/admin/two-factor/challenge/setup', {
    method: 'POST',
    body: { challenge },
    token: null,
  });

/** POST /admin/two-factor/challenge/confirm: the first code; signs in and answers the recovery codes once. */
export const confirmDuringLogin = (challenge: string, code: string) =>
  apiFetch<LoginResponse & { recoveryCodes: string[] }>('/admin/two-factor/challenge/confirm', {
    method: 'POST',
    body: { challenge, code },
    token: null,
  });
