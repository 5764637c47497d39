import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../../lib/api-client';
import type { ApprovalPendingAnswer, PayoutRunInput } from '@coop/core/contracts';
import type { PayoutRunProgress } from '../../common/types';

export type RunPayoutInput = PayoutRunInput;

/** POST /admin/payouts/run: once per programme and month; reserves every payee's wallet, then pays (after a second administrator's approval, unless there is only one). */
export const runPayout = (body: RunPayoutInput) =>
  apiFetch<PayoutRunProgress | ApprovalPendingAnswer>('/admin/payouts/run', { method: 'POST', body });

export function useRunPayout() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: runPayout,
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin', 'payouts'] }),
  });
}
