import { Link, useParams } from 'react-router';
import { formatDateTime } from '../../../../components/display/format';
import { useSimulationJob } from '../api/get-simulation';
import { AdminPageTitle } from '../../common/components/admin-page-title';
import { SimulationJobView } from '../components/simulation-job';
import { planPaths } from '../plan-paths';

/**
 * One stored simulation (decision 0061), from any server: the approval card links here for the whole report.
 * A simulation whose server stopped says it was interrupted.
 */
export function SimulationPage() {
  const id = useParams().id ?? '';
  const job = useSimulationJob(id).data;
  return (
    <>
      <AdminPageTitle
        lead={
          <Link className="text-brand-800 underline" to={planPaths.approvals}>
            Back to approvals
          </Link>
        }
      >
        Plan simulation
      </AdminPageTitle>
      {job && (
        <p className="mb-4 text-slate-800" data-testid="simulation-facts">
          {job.draftId === null ? 'A draft' : `Draft #${job.draftId}`} against version {job.againstVersion} in
          force, started {job.startedBy ? `by ${job.startedBy} ` : ''}
          {formatDateTime(job.startedAt)}.
        </p>
      )}
      <SimulationJobView id={id} />
    </>
  );
}
