import type { ApprovalSettings } from '@coop/core/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../../lib/api-client';

/** GET /admin/approvals/settings: whether a second administrator is needed here, the threshold, two-factor. */
export const useApprovalSettings = () =>
  useQuery({
    queryKey: ['admin', 'approval-settings'],
    queryFn: () => apiFetch<ApprovalSettings>('/admin/approvals/settings'),
    staleTime: Infinity,
  });
