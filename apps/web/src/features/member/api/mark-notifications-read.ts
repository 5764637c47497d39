import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { unreadQuery, type UnreadCount } from './get-notifications';

export const markNotificationsRead = (upToId: number) =>
  apiFetch<UnreadCount>('/me/notifications/read', { method: 'POST', body: { upToId } });

/** Opening the list marks it read; the bell takes the new count at once. */
export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationsRead,
    onSuccess: (count) => queryClient.setQueryData(unreadQuery.queryKey, count),
  });
}
