import type { Programme } from '@coop/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../../lib/api-client';
import type { PayoutMode, PayoutPreview } from '../../common/types';

export const getPayoutPreview = (programme: Programme, period: string, mode: PayoutMode) =>
  apiFetch<PayoutPreview>(`/admin/payouts/preview?${new URLSearchParams({ programme, period, mode })}`);

export const payoutPreviewQuery = (programme: Programme, period: string, mode: PayoutMode) =>
  queryOptions({
    queryKey: ['admin', 'payouts', 'preview', programme, period, mode],
    queryFn: () => getPayoutPreview(programme, period, mode),
    retry: false,
  });

/** Only asked for once the administrator presses Preview (`period` set). */
export function usePayoutPreview(programme: Programme, period: string | null, mode: PayoutMode) {
  return useQuery({ ...payoutPreviewQuery(programme, period ?? '', mode), enabled: period !== null });
}
