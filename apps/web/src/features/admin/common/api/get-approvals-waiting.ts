import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../../lib/api-client';

/** GET /admin/approvals/waiting: requests another administrator asked for, which the signed-in one may decide. */
export const useApprovalsWaiting = () =>
  useQuery({
    queryKey: ['admin', 'approvals', 'waiting'],
    queryFn: () => apiFetch<{ waiting: number }>('/admin/approvals/waiting'),
    // The menu notices a new request within a minute without a reload.
    refetchInterval: 60_000,
  });
