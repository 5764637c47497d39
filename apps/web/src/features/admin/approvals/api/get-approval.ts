import type { ApprovalDetail } from '@coop/core/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../../lib/api-client';

/** GET /admin/approvals/:id: the request and the preview frozen when its maker asked. */
export const approvalQuery = (id: number) =>
  queryOptions({
    queryKey: ['admin', 'approvals', 'one', id],
    queryFn: () => apiFetch<ApprovalDetail>(`/admin/approvals/${id}`),
  });

export const useApproval = (id: number) => useQuery(approvalQuery(id));
