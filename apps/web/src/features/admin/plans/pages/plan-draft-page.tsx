import { programmeName, type Plan, type Programme } from '@coop/core';
import type { PlanVersionRow } from '@coop/core/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { formatDateTime } from '../../../../components/display/format';
import { errorMessage, FormMessage } from '../../../../components/form';
import { apiFetch } from '../../../../lib/api-client';
import { approvalPath } from '../../common/admin-paths';
import { AdminPageTitle } from '../../common/components/admin-page-title';
import { isPendingApproval } from '../../common/components/approval-notice';
import { StatusBadge } from '../../common/components/status-badge';
import { useIdempotencyKey } from '../../common/hooks/use-idempotency-key';
import { usePlanVersion, useSubmitDraft } from '../api/plan-versions';
import { useStartDraftSimulation } from '../api/start-simulation';
import { PlanEditor } from '../components/plan-editor';
import {
  publishAtOf,
  publishAtProblem,
  ScheduledNotice,
  TakesEffectField,
} from '../components/publish-timing';
import { SimulationForm } from '../components/simulation-form';
import { SimulationJobView } from '../components/simulation-job';
import { planDraftPath, planPaths } from '../plan-paths';
import { PlanPeople } from '../components/plan-people';

/** One version: a new draft from the current version, a draft edited and submitted, or a published version read. */
export function PlanDraftPage() {
  const params = useParams();
  const programme: Programme = params.programme === 'welcomeback' ? 'welcomeback' : 'main';
  const id = params.id === 'new' ? null : Number(params.id);
  return (
    <>
      <AdminPageTitle
        lead={
          <Link className="text-brand-800 underline" to={`${planPaths.plans}?programme=${programme}`}>
            All versions of the {programmeName(programme)} plan
          </Link>
        }
      >
        {id === null
          ? `New draft of the ${programmeName(programme)} plan`
          : `${programmeName(programme)} plan, draft #${id}`}
      </AdminPageTitle>
      {id === null ? (
        <NewDraft programme={programme} />
      ) : (
        <ExistingVersion key={id} programme={programme} id={id} />
      )}
    </>
  );
}

function NewDraft({ programme }: { programme: Programme }) {
  const navigate = useNavigate();
  const current = useQuery({
    queryKey: ['plans', programme],
    queryFn: () => apiFetch<Plan>(`/plans/${programme}`, { token: null }),
  });
  if (current.isError)
    return (
      <p className="text-red-800">The current version could not be loaded. Reload the page to try again.</p>
    );
  if (!current.data) return <p>Loading the current version…</p>;
  return (
    <PlanEditor
      programme={programme}
      id={null}
      base={current.data}
      onSaved={(id) => navigate(planDraftPath(programme, id))}
    />
  );
}

function ExistingVersion({ programme, id }: { programme: Programme; id: number }) {
  const version = usePlanVersion(programme, id);
  if (version.isError) return <p className="text-red-800">{errorMessage(version.error)}</p>;
  if (!version.data) return <p>Loading…</p>;
  const row = version.data;
  const editable = row.status === 'draft' || row.status === 'declined';
  return (
    <div className="space-y-6">
      <p className="flex flex-wrap items-center gap-2">
        <StatusBadge status={row.status} />
        {row.version !== null && row.status !== 'scheduled' && (
          <span>Version {row.version}: published, it can no longer change.</span>
        )}
        {row.status === 'submitted' && row.approvalId !== null && (
          <span>
            Waiting for a second administrator:{' '}
            <Link className="text-brand-800 underline" to={approvalPath(row.approvalId)}>
              request #{row.approvalId}
            </Link>
            .
          </span>
        )}
        {row.status === 'declined' && (
          <span>The request was declined: change the draft and submit it again.</span>
        )}
      </p>
      <PlanPeople row={row} />
      <ScheduledNotice row={row} />
      <Differences row={row} />
      {editable && (
        <>
          <PlanEditor programme={programme} id={id} base={row.plan} onSaved={() => void version.refetch()} />
          <SimulateDraft programme={programme} id={id} />
          <Submit programme={programme} id={id} />
        </>
      )}
    </div>
  );
}

function Differences({ row }: { row: PlanVersionRow }) {
  return (
    <section aria-labelledby="differences-title">
      <h2 id="differences-title" className="text-lg font-bold text-slate-900">
        {row.version === null ? 'Against the current version' : 'Against the version it replaced'}
      </h2>
      {row.differences.length === 0 ? (
        <p className="text-slate-700">No figure changes.</p>
      ) : (
        <ul className="list-disc pl-5" data-testid="plan-differences">
          {row.differences.map((d) => (
            <li key={d.field}>
              {d.field}: {d.before} → {d.after}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The saved draft against the version in force, on the same synthetic members, before anyone is asked to approve it. */
function SimulateDraft({ programme, id }: { programme: Programme; id: number }) {
  const start = useStartDraftSimulation();
  const [jobId, setJobId] = useState<string | null>(null);
  return (
    <section aria-labelledby="simulate-title" className="space-y-3 border-t border-slate-200 pt-4">
      <h2 id="simulate-title" className="text-lg font-bold text-slate-900">
        Simulate this draft
      </h2>
      <p className="text-sm text-slate-700">
        Save your changes first: the saved draft and the version in force see the same people join, through
        the platform's own matrix and bonus rules. The second administrator sees its figures at 1,000 and at
        100,000 members on the approval, and can approve only once a simulation of the draft as saved has
        finished.
      </p>
      <SimulationForm
        savedDraft={{ programme }}
        pending={start.isPending}
        onSimulate={(_, body) =>
          start.mutate({ programme, id, inputs: body.inputs }, { onSuccess: (answer) => setJobId(answer.id) })
        }
      />
      {start.isError && <FormMessage tone="error" message={errorMessage(start.error)} />}
      {jobId && <SimulationJobView key={jobId} id={jobId} programme={programme} />}
    </section>
  );
}

function Submit({ programme, id }: { programme: Programme; id: number }) {
  const submit = useSubmitDraft();
  const key = useIdempotencyKey();
  // null: on approval; text: the date and time typed (decision 0062).
  const [publishAt, setPublishAt] = useState<string | null>(null);
  const problem = publishAtProblem(publishAt);
  const answer = submit.data;
  const message = !answer
    ? null
    : isPendingApproval(answer)
      ? answer.message
      : answer.effectiveAt
        ? `Approved as version ${answer.version}: it takes effect on ${formatDateTime(answer.effectiveAt)}.`
        : `Published as version ${answer.version}: new positions join under it from now on.`;
  return (
    <section aria-labelledby="submit-title" className="space-y-2 border-t border-slate-200 pt-4">
      <h2 id="submit-title" className="text-lg font-bold text-slate-900">
        Submit for publication
      </h2>
      <p className="text-sm text-slate-700">
        Save your changes first. A second administrator approves the publication on the Approvals page; you
        cannot approve your own. Members are told what changes for new members; their own terms do not change.
      </p>
      <TakesEffectField value={publishAt} onChange={setPublishAt} />
      <button
        type="button"
        disabled={submit.isPending || problem !== null}
        onClick={() =>
          submit.mutate(
            {
              programme,
              id,
              key: key.keyFor(`${programme}:${id}:${publishAt ?? 'now'}`),
              publishAt: publishAtOf(publishAt),
            },
            { onSuccess: () => key.done() },
          )
        }
        className="rounded-md bg-brand-800 px-4 py-2 font-semibold text-white hover:bg-brand-900 disabled:opacity-60"
      >
        {submit.isPending ? 'Submitting...' : 'Submit this draft'}
      </button>
      <FormMessage
        tone={submit.isError ? 'error' : 'success'}
        message={submit.isError ? errorMessage(submit.error) : message}
      />
    </section>
  );
}
