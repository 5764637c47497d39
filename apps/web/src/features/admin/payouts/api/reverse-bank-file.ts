import type { ApprovalPendingAnswer, BankFileReversalInput } from '@coop/core/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../../lib/api-client';

export type ReversalAnswer = { corrected: number; message: string } | ApprovalPendingAnswer;

/** POST /admin/payouts/batches/:id/reversal: payments of a recorded file whose record was wrong; a second administrator approves. */
export const reverseBankFile = ({
  batchId,
  idempotencyKey,
  ...body
}: BankFileReversalInput & { batchId: number; idempotencyKey: string }) =>
  apiFetch<ReversalAnswer>(`/admin/payouts/batches/${batchId}/reversal`, {
    method: 'POST',
    body,
    headers: { 'idempotency-key': idempotencyKey },
  });

export function useReverseBankFile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: reverseBankFile,
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin'] }),
  });
}
