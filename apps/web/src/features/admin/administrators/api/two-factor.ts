import type { TwoFactorSetup, TwoFactorStatus, RecoveryCodes } from '@coop/core/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../../lib/api-client';

/** GET /admin/two-factor */
export const useTwoFactorStatus = () =>
  useQuery({
    queryKey: ['admin', 'two-factor'],
    queryFn: () => apiFetch<TwoFactorStatus>('/admin/two-factor'),
  });

/** POST /admin/two-factor/setup: a new secret for the authenticator app. */
export const startTwoFactorSetup = () =>
  apiFetch<TwoFactorSetup>('/admin/two-factor/setup', { method: 'POST' });

/** POST /admin/two-factor/confirm: the first code; answers the recovery codes once. */
export function useConfirmTwoFactor() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (code: string) =>
      apiFetch<RecoveryCodes>('/admin/two-factor/confirm', { method: 'POST', body: { code } }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin', 'two-factor'] }),
  });
}
