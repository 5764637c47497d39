import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DisputeAnswerInput, DisputeAnswered } from '@coop/core/contracts';
import { apiFetch } from '../../../../lib/api-client';

/** POST /admin/disputes/:id/answer: accept or contest through Paystack, with a note, once (audited). */
export const answerDispute = ({ id, ...body }: DisputeAnswerInput & { id: number }) =>
  apiFetch<DisputeAnswered>(`/admin/disputes/${id}/answer`, { method: 'POST', body });

export function useAnswerDispute() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: answerDispute,
    onSuccess: async () => {
      await Promise.all([
        client.invalidateQueries({ queryKey: ['admin', 'disputes'] }),
        client.invalidateQueries({ queryKey: ['admin', 'member'] }),
        client.invalidateQueries({ queryKey: ['admin', 'flags'] }),
      ]);
    },
  });
}
