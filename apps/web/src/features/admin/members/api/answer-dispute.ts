import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApprovalPendingAnswer, DisputeAnswerInput, DisputeAnswered } from '@coop/core/contracts';
import { apiFetch } from '../../../../lib/api-client';

/**
 * POST /admin/disputes/:id/answer: contest through Paystack, with a note, once (audited); an acceptance waits for a
 * second administrator (202) where two decide.
 */
export const answerDispute = ({ id, ...body }: DisputeAnswerInput & { id: number }) =>
  apiFetch<DisputeAnswered | ApprovalPendingAnswer>(`/admin/disputes/${id}/answer`, { method: 'POST', body });

export function useAnswerDispute() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: answerDispute,
    onSuccess: async () => {
      await Promise.all([
        client.invalidateQueries({ queryKey: ['admin', 'disputes'] }),
        client.invalidateQueries({ queryKey: ['admin', 'member'] }),
        client.invalidateQueries({ queryKey: ['admin', 'flags'] }),
        client.invalidateQueries({ queryKey: ['admin', 'approvals'] }),
      ]);
    },
  });
}
