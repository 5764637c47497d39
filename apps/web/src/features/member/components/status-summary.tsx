import type { Dashboard } from '../types';
import { StageProgress } from './stage-progress';
import { Figure, SummaryCard } from './summary-card';

/** The spec's 'Status': the member's level, and how far the next stage is (a graduate has none). */
export function StatusSummary({ me }: { me: Dashboard }) {
  const graduate = me.programme === 'main' && me.finished;
  const note = graduate
    ? 'Eldorado completed: you are a Golden Crown Partner.'
    : me.programme === 'welcomeback' && me.cycle > 1
      ? `Your position from registration ${me.cycle}.`
      : 'Your current stage.';
  return (
    <SummaryCard title="Status">
      <Figure label="Level" value={graduate ? 'Golden Crown Partner' : me.status} note={note} />
      {me.progress && !me.finished && (
        // A dt and dd pair like every figure: a bare block inside the <dl> broke the list for screen readers (axe's
        // definition-list, issue 38).
        <div className="min-[420px]:col-span-2">
          <dt className="sr-only">Progress to the next stage</dt>
          <dd>
            <StageProgress programme={me.programme} progress={me.progress} paidReferrals={me.referralCount} />
          </dd>
        </div>
      )}
    </SummaryCard>
  );
}
