import type { ApprovalPendingAnswer, RefundRequestInput, RefundStarted } from '@coop/core/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../../lib/api-client';

export interface RefundAsk {
  reference: string;
  /** What the person typed: the server reads the naira amount with the same shared schema (empty: all that is left). */
  values: RefundRequestInput;
  /** Once per form submission: a double click or a retry asks once. */
  idempotencyKey: string;
}

/** POST /admin/payments/:reference/refunds: waits for a second administrator (202), or is sent at once with one. */
export const requestRefund = ({ reference, values, idempotencyKey }: RefundAsk) =>
  apiFetch<RefundStarted | ApprovalPendingAnswer>(
    `/admin/payments/${encodeURIComponent(reference)}/refunds`,
    {
      method: 'POST',
      body: values,
      headers: { 'idempotency-key': idempotencyKey },
    },
  );

/**
 * The screen is read again once its answer has been read (`refreshAfter`): read at once, it would swap the form for
 * "waits for a second administrator" and take the answer's popup away with the form.
 */
export function useRequestRefund() {
  const client = useQueryClient();
  const mutation = useMutation({ mutationFn: requestRefund });
  return { ...mutation, refreshAfter: () => void client.invalidateQueries({ queryKey: ['admin'] }) };
}
