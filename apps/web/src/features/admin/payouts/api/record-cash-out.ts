import type { Programme } from '@coop/core';
import type { ApprovalPendingAnswer, CashOutInput } from '@coop/core/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../../lib/api-client';
import type { CashOutAnswer } from '../../common/types';

export interface CashOutRequest {
  programme: Programme;
  /** What the person typed: the server parses the naira amount with the same shared schema. */
  values: { email: string; amount: CashOutInput['amount'] };
  /** Made once per form submission: a double click or a retry of the same submission debits once. */
  idempotencyKey: string;
}

/** PUT /admin/payOutCash (Main) and /admin/payOutCash2 (Welcome Back); above the threshold it answers a request that waits for approval. */
export const recordCashOut = ({ programme, values, idempotencyKey }: CashOutRequest) =>
  apiFetch<CashOutAnswer | ApprovalPendingAnswer>(
    programme === 'main' ? '/admin/payOutCash' : '/admin/payOutCash2',
    {
      method: 'PUT',
      body: values,
      headers: { 'idempotency-key': idempotencyKey },
    },
  );

export function useRecordCashOut() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: recordCashOut,
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin'] }),
  });
}
