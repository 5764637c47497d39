import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import type { ContactMessage, Paged } from '../types';

export const MESSAGES_PAGE_SIZE = 20;

export const getContactMessages = (page: number) => apiFetch<Paged<ContactMessage>>(`/admin/contact-messages?page=${page}&pageSize=${MESSAGES_PAGE_SIZE}`);

export const contactMessagesQuery = (page: number) =>
  queryOptions({ queryKey: ['admin', 'contact-messages', page], queryFn: () => getContactMessages(page), placeholderData: keepPreviousData });

export function useContactMessages(page: number) {
  return useQuery(contactMessagesQuery(page));
}
