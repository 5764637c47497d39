import type { Dashboard } from '../types';
import { Figure, SummaryCard } from './summary-card';

const people = (n: number) => `${n} ${n === 1 ? 'person' : 'people'}`;

/** The spec's 'Referral Summary': the people they referred, everyone in their matrix, and the part that decides the stage. */
export function ReferralSummary({ me }: { me: Dashboard }) {
  const window = me.stageWindow;
  const levels = window && (window.levels === 1 ? 'level 1' : `levels 1 to ${window.levels}`);
  return (
    <SummaryCard title="Referral Summary">
      <Figure
        label="Referral count"
        value={me.referralCount}
        note="People who joined with your referral code and paid."
      />
      <Figure
        label="Referral Node"
        value={me.referralNode}
        note={`${people(me.referralNode)} placed under you in your matrix, at every level.`}
      />
      {window && (
        <Figure
          label="In your stage window"
          value={`${window.positions} of ${window.places}`}
          note={
            me.finished
              ? `Places filled in ${levels} under you, every level your stages count.`
              : `Places filled in ${levels} under you, the levels that must be full to complete ${me.stageName}.`
          }
        />
      )}
    </SummaryCard>
  );
}
