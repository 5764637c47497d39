import type { Plan, Programme, SimulationInputs } from '@coop/core';
import type { SimulationJob } from '@coop/core/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../../lib/api-client';

/** What the route takes, in core's own types (the server checks it with simulatePlanRequestSchema). */
export interface SimulationBody {
  draft: Plan;
  inputs: SimulationInputs;
}

/** POST /admin/plans/:programme/simulate: a draft against the plan in force; answers the job to poll. */
export const startSimulation = ({ programme, body }: { programme: Programme; body: SimulationBody }) =>
  apiFetch<SimulationJob>(`/admin/plans/${programme}/simulate`, { method: 'POST', body });

export function useStartSimulation() {
  return useMutation({ mutationFn: startSimulation });
}
