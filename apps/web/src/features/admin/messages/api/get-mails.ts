import type { QueuedMail } from '@coop/core/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../../lib/api-client';
import type { Paged } from '../../common/types';

export const MAILS_PAGE_SIZE = 20;
export type MailFilter = 'failed' | 'queued' | 'sent';

export const getMails = (status: MailFilter, page: number) =>
  apiFetch<Paged<QueuedMail>>(
    `/admin/mails?${new URLSearchParams({ status, page: String(page), pageSize: String(MAILS_PAGE_SIZE) })}`,
  );

export const mailsQuery = (status: MailFilter, page: number) =>
  queryOptions({
    queryKey: ['admin', 'mails', status, page],
    queryFn: () => getMails(status, page),
    placeholderData: keepPreviousData,
  });

export function useMails(status: MailFilter, page: number) {
  return useQuery(mailsQuery(status, page));
}
