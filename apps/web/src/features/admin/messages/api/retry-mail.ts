import type { QueuedMail } from '@coop/core/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../../lib/api-client';

/** POST /admin/mails/:id/retry: a failed mail goes back in the queue (audited). */
export const retryMail = (id: number) => apiFetch<QueuedMail>(`/admin/mails/${id}/retry`, { method: 'POST' });

export function useRetryMail() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: retryMail,
    onSettled: () => client.invalidateQueries({ queryKey: ['admin', 'mails'] }),
  });
}
