import type { StageProgress as Progress } from '../types';

/** Where the member stands: this stage, the next, what is still missing, and a bar (inside the dashboard's 'Status'). */
export function StageProgress({ progress }: { progress: Progress }) {
  const percent = Math.round(progress.fraction * 100);
  return (
    <div className="rounded-md bg-slate-50 p-3" data-testid="stage-progress">
      <p className="text-slate-800">
        You are at stage {progress.stage}, <strong>{progress.stageName}</strong>
        {progress.nextStageName && (
          <>
            . Next: stage {progress.nextStage}, <strong>{progress.nextStageName}</strong>
          </>
        )}
        .
      </p>
      <div
        className="mt-3 h-3 overflow-hidden rounded-full bg-slate-200"
        role="progressbar"
        aria-label={`Progress to ${progress.nextStageName ?? 'the end'}`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
      >
        <div className="h-full rounded-full bg-brand-600" style={{ width: `${percent}%` }} />
      </div>
      <p className="mt-2 text-sm text-slate-700" data-testid="progress-summary">
        {percent}% · {progress.summary}
      </p>
    </div>
  );
}
