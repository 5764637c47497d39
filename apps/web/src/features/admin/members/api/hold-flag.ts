import type { MessageAnswer } from '@coop/core/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../../lib/api-client';

/** POST /admin/flags/:id/hold with a note (audited): the account's payouts wait until the flag is cleared. */
export const holdFlag = ({ id, note }: { id: number; note: string }) =>
  apiFetch<MessageAnswer>(`/admin/flags/${id}/hold`, { method: 'POST', body: { note } });

export function useHoldFlag() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: holdFlag,
    onSuccess: async () => {
      await Promise.all([
        client.invalidateQueries({ queryKey: ['admin', 'flags'] }),
        client.invalidateQueries({ queryKey: ['admin', 'member'] }),
      ]);
    },
  });
}
