import type { PayoutPrepared } from '@coop/core/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../../lib/api-client';

/** GET /admin/payouts/prepared: months the payout day prepared that no run has paid yet. */
export const preparedPayoutsQuery = () =>
  queryOptions({
    queryKey: ['admin', 'payouts', 'prepared'],
    queryFn: () => apiFetch<PayoutPrepared>('/admin/payouts/prepared'),
  });

export function usePreparedPayouts() {
  return useQuery(preparedPayoutsQuery());
}
