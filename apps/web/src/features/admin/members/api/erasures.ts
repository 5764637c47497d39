import type { ApprovalPendingAnswer, ErasureList, LegalHoldInput, MessageAnswer } from '@coop/core/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../../lib/api-client';

/** GET /admin/privacy/erasures: closed accounts and where each stands for erasure, with what defers it. */
export const erasuresQuery = () =>
  queryOptions({
    queryKey: ['admin', 'erasures'],
    queryFn: () => apiFetch<ErasureList>('/admin/privacy/erasures'),
  });

export const useErasures = () => useQuery(erasuresQuery());

/** POST /admin/privacy/erasures/:id: a request a second administrator approves (at once with one administrator). */
export const eraseMember = ({ accountId, idempotencyKey }: { accountId: string; idempotencyKey: string }) =>
  apiFetch<{ message: string } | ApprovalPendingAnswer>(
    `/admin/privacy/erasures/${encodeURIComponent(accountId)}`,
    {
      method: 'POST',
      headers: { 'idempotency-key': idempotencyKey },
    },
  );

/** PUT /admin/privacy/legal-hold/:id: sets (with the reason) or lifts (null) a legal hold. */
export const setLegalHold = ({ accountId, input }: { accountId: string; input: LegalHoldInput }) =>
  apiFetch<MessageAnswer>(`/admin/privacy/legal-hold/${encodeURIComponent(accountId)}`, {
    method: 'PUT',
    body: input,
  });

export function useEraseMember() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: eraseMember,
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin'] }),
  });
}

export function useSetLegalHold() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: setLegalHold,
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin', 'erasures'] }),
  });
}
