import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

export interface Site {
  name: string;
  shortName: string;
  address: string;
  email: string;
  phones: string[];
  social: { facebook: string; twitter: string; instagram: string };
  publicUrl: string;
}

export const siteQuery = queryOptions({
  queryKey: ['site'],
  queryFn: () => apiFetch<Site>('/site', { token: null }),
  staleTime: 5 * 60_000,
});

export function useSite() {
  return useQuery(siteQuery);
}
