import type { AwardListAnswer } from '@coop/core/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

export const getAwards = () => apiFetch<AwardListAnswer>('/me/awards');

export const awardsQuery = queryOptions({ queryKey: ['me', 'awards'], queryFn: getAwards });

export function useAwards() {
  return useQuery(awardsQuery);
}
