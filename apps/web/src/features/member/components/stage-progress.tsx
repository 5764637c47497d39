import { progressWords, type Programme } from '@coop/core';
import { useCurrentPlan } from '../../../lib/plans-context';
import type { StageProgress as Progress } from '../types';

/**
 * Where the member stands: this stage, what completing it needs in all, what is done, what is next, and a bar
 * (inside the dashboard's 'Status'). The words and the bar come from one function of the plan (issue 38).
 */
export function StageProgress({
  programme,
  progress,
  paidReferrals,
}: {
  programme: Programme;
  progress: Progress;
  paidReferrals: number;
}) {
  // Only the plan's shape is read here (stages, the referrals a stage needs, the bonus cap), which no version changes:
  // the words that state a figure (`bonus`) are the cash summary's, from the member's own version.
  const words = progressWords(useCurrentPlan(programme), progress, paidReferrals);
  return (
    <div className="rounded-md bg-slate-50 p-3" data-testid="stage-progress">
      <p className="text-slate-800">
        You are at stage {progress.stage}, <strong>{progress.stageName}</strong>. {words.needs}
      </p>
      <div
        className="mt-3 h-3 overflow-hidden rounded-full bg-slate-200"
        role="progressbar"
        aria-label={`Progress to ${progress.nextStageName ?? 'the end'}`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={words.percent}
      >
        <div className="h-full rounded-full bg-brand-600" style={{ width: `${words.percent}%` }} />
      </div>
      <div className="mt-2 space-y-1 text-sm text-slate-700" data-testid="progress-summary">
        <p>{words.done}</p>
        <p>{words.next}</p>
      </div>
    </div>
  );
}
