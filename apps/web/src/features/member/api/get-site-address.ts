import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

/** The site's public address, for share links (GET /site; the same cache entry as the public pages use). */
export const siteAddressQuery = queryOptions({
  queryKey: ['site'],
  queryFn: () => apiFetch<{ publicUrl: string; name: string }>('/site', { token: null }),
  staleTime: 5 * 60_000,
});

export function useSiteAddress() {
  return useQuery({ ...siteAddressQuery, select: (site) => ({ publicUrl: site.publicUrl, name: site.name }) });
}
