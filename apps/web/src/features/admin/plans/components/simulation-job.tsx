import type { Programme } from '@coop/core';
import { errorMessage, FormMessage } from '../../../../components/form';
import { useSimulationJob } from '../api/get-simulation';
import { SimulationReport } from './simulation-report';

/** A simulation under way (its progress), failed or interrupted (why), or finished (the report). */
export function SimulationJobView({ id, programme }: { id: string; programme?: Programme }) {
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
  if (data.status === 'failed' || data.status === 'interrupted')
    return <FormMessage tone="error" message={data.message} />;
  return (
    <SimulationReport
      report={data.report}
      fileName={`plan-simulation-${programme ?? data.report.draft.plans[0]?.programme ?? id}.csv`}
    />
  );
}
