import { programmeName, type Programme } from '@coop/core';
import { Link, useSearchParams } from 'react-router';
import { formatDateTime } from '../../../../components/display/format';
import { AdminPageTitle } from '../../common/components/admin-page-title';
import { ApprovalNotice } from '../../common/components/approval-notice';
import { StatusBadge } from '../../common/components/status-badge';
import { programmeOptions } from '../../common/programme-options';
import { usePlanVersions } from '../api/plan-versions';
import { planDraftPath, planNewDraftPath } from '../plan-paths';
import { PlanPeople } from '../components/plan-people';

/** Plan: the versions of a programme's plan, newest first, and a new draft from the current version. */
export function PlansPage() {
  const [params, setParams] = useSearchParams();
  const programme: Programme = params.get('programme') === 'welcomeback' ? 'welcomeback' : 'main';
  const versions = usePlanVersions(programme);
  return (
    <>
      <AdminPageTitle lead="Each member is paid by the version their position joined under. A published version never changes: a change is a new version, which applies to positions placed after it is published.">
        Plan
      </AdminPageTitle>
      <ApprovalNotice what="plan versions submitted for publication" />
      <div className="mb-4 flex flex-wrap items-center gap-3">
        {programmeOptions.map((option) => (
          <button
            key={option.value}
            type="button"
            aria-pressed={programme === option.value}
            onClick={() => setParams({ programme: option.value })}
            className="rounded-md border border-brand-800 px-3 py-1.5 text-sm font-semibold aria-pressed:bg-brand-800 aria-pressed:text-white"
          >
            {option.label}
          </button>
        ))}
        <Link
          to={planNewDraftPath(programme)}
          className="ml-auto rounded-md bg-brand-800 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-900"
        >
          New draft from version {versions.data?.currentVersion ?? '…'}
        </Link>
      </div>
      {versions.isError && (
        <p className="text-red-800">The versions could not be loaded. Reload the page to try again.</p>
      )}
      {/* Wider than a phone: the region scrolls, and takes the keyboard's focus so it can be scrolled without a mouse. */}
      <div
        className="overflow-x-auto focus-visible:outline-2 focus-visible:outline-brand-700"
        role="region"
        aria-label={`${programmeName(programme)} plan versions`}
        tabIndex={0}
      >
        <table className="w-full border-collapse text-left text-sm">
          <caption className="sr-only">{programmeName(programme)} plan versions</caption>
          <thead>
            <tr className="border-b-2 border-brand-800">
              <th className="p-2">Version</th>
              <th className="p-2">Status</th>
              <th className="p-2">Changes against the version it replaces</th>
              <th className="p-2">Effective</th>
            </tr>
          </thead>
          <tbody>
            {versions.data?.items.map((v) => (
              <tr key={v.id} className="border-b border-slate-200 align-top">
                <td className="p-2 font-semibold">
                  <Link className="text-brand-800 underline" to={planDraftPath(programme, v.id)}>
                    {v.version === null ? `Draft #${v.id}` : `Version ${v.version}`}
                  </Link>
                </td>
                <td className="p-2">
                  <StatusBadge status={v.status} />
                </td>
                <td className="p-2">
                  {v.differences.length === 0 ? (
                    <span className="text-slate-600">
                      {v.version === 1 ? 'The first version' : 'No figure changes'}
                    </span>
                  ) : (
                    <ul className="list-disc pl-4">
                      {v.differences.map((d) => (
                        <li key={d.field}>
                          {d.field}: {d.before} → {d.after}
                        </li>
                      ))}
                    </ul>
                  )}
                  <PlanPeople row={v} className="mt-1 text-xs" />
                </td>
                <td className="p-2">{v.effectiveAt ? formatDateTime(v.effectiveAt) : '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
