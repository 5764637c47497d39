import type { MyGrants } from '@coop/core/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

export const getGrant = () => apiFetch<MyGrants>('/me/grant');

export const grantQuery = queryOptions({ queryKey: ['me', 'grant'], queryFn: getGrant });

export function useGrant() {
  return useQuery(grantQuery);
}
