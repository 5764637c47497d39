import type { Programme } from '@coop/core';
import { useState } from 'react';
import { errorMessage, FormMessage } from '../../../../components/form';
import { AdminPageTitle } from '../../common/components/admin-page-title';
import { useStartSimulation } from '../api/start-simulation';
import { SimulationForm } from '../components/simulation-form';
import { SimulationJobView } from '../components/simulation-job';

/** Plan → Simulate: a draft made by bonus adjustments, run against the plan in force on the same synthetic members. */
export function SimulatePage() {
  const start = useStartSimulation();
  const [job, setJob] = useState<{ id: string; programme: Programme } | null>(null);
  return (
    <>
      <AdminPageTitle lead="What a change to the plan would cost, before anyone approves it: the same synthetic members join under the draft and under the plan in force, through the platform's own matrix and bonus rules.">
        Plan → Simulate
      </AdminPageTitle>
      <div className="space-y-6">
        <SimulationForm
          pending={start.isPending}
          onSimulate={(programme, body) =>
            start.mutate({ programme, body }, { onSuccess: (answer) => setJob({ id: answer.id, programme }) })
          }
        />
        {start.isError && <FormMessage tone="error" message={errorMessage(start.error)} />}
        {job && <SimulationJobView key={job.id} id={job.id} programme={job.programme} />}
      </div>
    </>
  );
}
