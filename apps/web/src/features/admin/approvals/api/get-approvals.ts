import type { Approval } from '@coop/core/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../../lib/api-client';
import type { Paged } from '../../common/types';

export type ApprovalFilter = Approval['status'] | '';

/** GET /admin/approvals: pending first, newest first. */
export const approvalsQuery = (status: ApprovalFilter, page: number) =>
  queryOptions({
    queryKey: ['admin', 'approvals', status, page],
    queryFn: () =>
      apiFetch<Paged<Approval>>(
        `/admin/approvals?page=${page}&pageSize=20${status ? `&status=${status}` : ''}`,
      ),
  });

export const useApprovals = (status: ApprovalFilter, page: number) => useQuery(approvalsQuery(status, page));
