import type { MailBacklog } from '@coop/core/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../../lib/api-client';

/** GET /admin/mails/backlog: the mails waiting to go and the oldest's age, looked at again each minute like the other figures. */
export const mailBacklogQuery = () =>
  queryOptions({
    queryKey: ['admin', 'mail-backlog'],
    queryFn: () => apiFetch<MailBacklog>('/admin/mails/backlog'),
    refetchInterval: 60_000,
  });

export const useMailBacklog = () => useQuery(mailBacklogQuery());
