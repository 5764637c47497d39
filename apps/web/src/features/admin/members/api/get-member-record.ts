import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MemberRecord } from '@coop/core/contracts';
import { apiFetch } from '../../../../lib/api-client';

/** GET /admin/members/:id: one account's whole record. */
export const getMemberRecord = (id: string) =>
  apiFetch<MemberRecord>(`/admin/members/${encodeURIComponent(id)}`);

export const memberRecordQuery = (id: string) =>
  queryOptions({ queryKey: ['admin', 'member', id], queryFn: () => getMemberRecord(id), retry: false });

export function useMemberRecord(id: string) {
  return useQuery(memberRecordQuery(id));
}
