import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../../lib/api-client';
import type { AuditEntry, Paged } from '../../common/types';

export const AUDIT_PAGE_SIZE = 30;

export const getAuditLog = (page: number) => apiFetch<Paged<AuditEntry>>(`/admin/audit-log?page=${page}&pageSize=${AUDIT_PAGE_SIZE}`);

export const auditLogQuery = (page: number) =>
  queryOptions({ queryKey: ['admin', 'audit-log', page], queryFn: () => getAuditLog(page), placeholderData: keepPreviousData });

export function useAuditLog(page: number) {
  return useQuery(auditLogQuery(page));
}
