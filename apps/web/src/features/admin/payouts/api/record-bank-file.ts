import type { ApprovalPendingAnswer, BankFileRecord, PayoutBatch } from '@coop/core/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../../lib/api-client';
import type { PayoutRunSummary } from '../../common/types';

export type RecordAnswer =
  { settled: number; failed: number; batch: PayoutBatch; run: PayoutRunSummary } | ApprovalPendingAnswer;

/**
 * POST /admin/payouts/batches/:id/record: every payment of the file paid except those listed, each with the bank's
 * reason. Above the approval threshold it answers 202: a second administrator approves before anything moves.
 */
export const recordBankFile = ({
  batchId,
  idempotencyKey,
  ...body
}: BankFileRecord & { batchId: number; idempotencyKey: string }) =>
  apiFetch<RecordAnswer>(`/admin/payouts/batches/${batchId}/record`, {
    method: 'POST',
    body,
    headers: { 'idempotency-key': idempotencyKey },
  });

export function useRecordBankFile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: recordBankFile,
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin'] }),
  });
}
