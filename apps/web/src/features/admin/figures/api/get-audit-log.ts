import type { AuditLogFilter } from '@coop/core/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../../lib/api-client';
import type { AuditEntry, Paged } from '../../common/types';

export const AUDIT_PAGE_SIZE = 30;

/** The filters as the address bar and the API write them: only those given. */
export function auditFilterParams(filter: AuditLogFilter): URLSearchParams {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(filter)) if (value) params.set(name, value);
  return params;
}

export const getAuditLog = (page: number, filter: AuditLogFilter) =>
  apiFetch<Paged<AuditEntry> & { actions: string[] }>(
    `/admin/audit-log?page=${page}&pageSize=${AUDIT_PAGE_SIZE}&${auditFilterParams(filter).toString()}`,
  );

export const auditLogQuery = (page: number, filter: AuditLogFilter) =>
  queryOptions({
    queryKey: ['admin', 'audit-log', page, filter],
    queryFn: () => getAuditLog(page, filter),
    placeholderData: keepPreviousData,
  });

export function useAuditLog(page: number, filter: AuditLogFilter) {
  return useQuery(auditLogQuery(page, filter));
}
