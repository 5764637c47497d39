import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ClearFlagInput, MessageAnswer } from '@coop/core/contracts';
import { apiFetch } from '../../../../lib/api-client';

/** POST /admin/flags/:id/clear with a note (audited): the account's payouts resume once none of its flags is open. */
export const clearFlag = ({ id, ...body }: ClearFlagInput & { id: number }) =>
  apiFetch<MessageAnswer>(`/admin/flags/${id}/clear`, { method: 'POST', body });

export function useClearFlag() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: clearFlag,
    onSuccess: async () => {
      await Promise.all([
        client.invalidateQueries({ queryKey: ['admin', 'flags'] }),
        client.invalidateQueries({ queryKey: ['admin', 'member'] }),
      ]);
    },
  });
}
