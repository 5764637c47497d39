import type { Programme } from '@coop/core';
import { useState } from 'react';
import { errorMessage, FormMessage } from '../../../../components/form';
import { AdminPageTitle } from '../../common/components/admin-page-title';
import { useSimulationJob } from '../api/get-simulation';
import { useStartSimulation } from '../api/start-simulation';
import { SimulationForm } from '../components/simulation-form';
import { SimulationReport } from '../components/simulation-report';

function Job({ id, programme }: { id: string; programme: Programme }) {
  const job = useSimulationJob(id);
  if (job.isError) return <FormMessage tone="error" message={errorMessage(job.error)} />;
  const data = job.data;
  if (!data || data.status === 'running') {
    const share = data && data.total > 0 ? Math.round((data.done / data.total) * 100) : 0;
    return (
      <div role="status" className="rounded-lg border border-slate-200 bg-white p-4">
        <p className="font-semibold text-slate-900">Simulating... {share}%</p>
        <progress className="mt-2 w-full" max={100} value={share} aria-label="Simulation progress" />
      </div>
    );
  }
  if (data.status === 'failed') return <FormMessage tone="error" message={data.message} />;
  return <SimulationReport report={data.report} fileName={`plan-simulation-${programme}.csv`} />;
}

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
        {job && <Job key={job.id} id={job.id} programme={job.programme} />}
      </div>
    </>
  );
}
