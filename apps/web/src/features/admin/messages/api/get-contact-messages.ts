import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../../lib/api-client';
import type { ContactMessage, Paged } from '../../common/types';

export const MESSAGES_PAGE_SIZE = 20;
export type SupportState = ContactMessage['state'];

export const getContactMessages = (state: SupportState | '', page: number) =>
  apiFetch<Paged<ContactMessage>>(
    `/admin/contact-messages?page=${page}&pageSize=${MESSAGES_PAGE_SIZE}${state ? `&state=${state}` : ''}`,
  );

export const contactMessagesQuery = (state: SupportState | '', page: number) =>
  queryOptions({
    queryKey: ['admin', 'contact-messages', state, page],
    queryFn: () => getContactMessages(state, page),
    placeholderData: keepPreviousData,
  });

export function useContactMessages(state: SupportState | '', page: number) {
  return useQuery(contactMessagesQuery(state, page));
}
