import type { notificationListSchema, unreadCountSchema } from '@coop/core/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiFetch } from '../../../lib/api-client';

export type NotificationList = z.infer<typeof notificationListSchema>;
export type UnreadCount = z.infer<typeof unreadCountSchema>;

export const NOTIFICATIONS_PATH = '/me/notifications';

export const notificationsQuery = queryOptions({
  queryKey: ['me', 'notifications'],
  queryFn: () => apiFetch<NotificationList>(NOTIFICATIONS_PATH),
});

export const UNREAD_PATH = '/me/notifications/unread';

/** The bell's count: looked at again every minute and whenever the window regains focus. */
export const unreadQuery = queryOptions({
  queryKey: ['me', 'notifications', 'unread'],
  queryFn: () => apiFetch<UnreadCount>(UNREAD_PATH),
  refetchInterval: 60_000,
});

export const useNotifications = () => useQuery(notificationsQuery);
export const useUnreadCount = () => useQuery(unreadQuery);
