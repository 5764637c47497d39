import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../../lib/api-client';

type Answer = { status: number; message: string };

/** POST /admin/contact-messages/:id/reply: mails the reply to the sender and keeps it (audited). */
export const replyToMessage = ({ id, reply }: { id: number; reply: string }) =>
  apiFetch<Answer>(`/admin/contact-messages/${id}/reply`, { method: 'POST', body: { reply } });

/** POST /admin/contact-messages/:id/close (audited). */
export const closeMessage = (id: number) =>
  apiFetch<Answer>(`/admin/contact-messages/${id}/close`, { method: 'POST' });

function useInboxMutation<V>(mutationFn: (v: V) => Promise<Answer>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin', 'contact-messages'] }),
  });
}

export const useReplyToMessage = () => useInboxMutation(replyToMessage);
export const useCloseMessage = () => useInboxMutation(closeMessage);
