import type { ApprovalPendingAnswer, CloseAccountInput, MemberRecord } from '@coop/core/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../../lib/api-client';

/** POST /admin/members/:id/close: waits for a second administrator (202), or closes at once with one administrator. */
export const closeMember = ({
  id,
  idempotencyKey,
  input,
}: {
  id: string;
  idempotencyKey: string;
  input: CloseAccountInput;
}) =>
  apiFetch<MemberRecord | ApprovalPendingAnswer>(`/admin/members/${encodeURIComponent(id)}/close`, {
    method: 'POST',
    body: input,
    headers: { 'idempotency-key': idempotencyKey },
  });

export function useCloseMember() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: closeMember,
    onSuccess: async (_answer, { id }) => {
      await Promise.all([
        client.invalidateQueries({ queryKey: ['admin', 'member', id] }),
        client.invalidateQueries({ queryKey: ['admin', 'approvals'] }),
      ]);
    },
  });
}
