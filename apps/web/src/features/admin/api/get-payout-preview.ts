import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import type { PayoutPreview, Programme } from '../types';

export const getPayoutPreview = (programme: Programme, period: string) =>
  apiFetch<PayoutPreview>(`/admin/payouts/preview?${new URLSearchParams({ programme, period })}`);

export const payoutPreviewQuery = (programme: Programme, period: string) =>
  queryOptions({ queryKey: ['admin', 'payouts', 'preview', programme, period], queryFn: () => getPayoutPreview(programme, period), retry: false });

/** Only asked for once the administrator presses Preview (`period` set). */
export function usePayoutPreview(programme: Programme, period: string | null) {
  return useQuery({ ...payoutPreviewQuery(programme, period ?? ''), enabled: period !== null });
}
