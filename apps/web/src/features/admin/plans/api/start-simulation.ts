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

/** POST /admin/plans/:programme/drafts/:id/simulate: a saved draft against the version in force; answers the job to poll. */
export const startDraftSimulation = ({
  programme,
  id,
  inputs,
}: {
  programme: Programme;
  id: number;
  inputs: SimulationInputs;
}) =>
  apiFetch<SimulationJob>(`/admin/plans/${programme}/drafts/${id}/simulate`, {
    method: 'POST',
    body: { inputs },
  });

export function useStartDraftSimulation() {
  return useMutation({ mutationFn: startDraftSimulation });
}
