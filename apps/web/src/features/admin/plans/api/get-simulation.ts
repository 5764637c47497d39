import type { SimulationJob } from '@coop/core/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../../lib/api-client';

/** GET /admin/plan-simulations/:id: the job's progress, asked again every half second until it has finished. */
export const simulationJobQuery = (id: string) =>
  queryOptions({
    queryKey: ['admin', 'plan-simulations', id],
    queryFn: () => apiFetch<SimulationJob>(`/admin/plan-simulations/${id}`),
    refetchInterval: (query) => (query.state.data?.status === 'running' || !query.state.data ? 500 : false),
    staleTime: Infinity,
  });

export const useSimulationJob = (id: string) => useQuery(simulationJobQuery(id));
