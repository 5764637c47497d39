import { formatNaira } from '../money';
import type { Plan } from '../plan';
import type { StageProgress } from './stages';

export interface ProgressWords {
  /** What completing the stage needs in all. */
  readonly needs: string;
  /** What is done of it, with the percentage the bar shows. */
  readonly done: string;
  /** What is still missing, and the stage that follows. */
  readonly next: string;
  /** 0..100, the same share `done` states. */
  readonly percent: number;
  /** The referral bonus in the same terms: how many people it pays for, how many have, and how it differs from the stage's referrals. */
  readonly bonus: string;
}

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * The dashboard's progress in one story, in the plan's terms (issue 38): a member with two paid friends read
 * "2 of 6" beside "40%", "2 more direct referrals" and a bonus for "the first 2 people" and could not tell which
 * number was the stage's. Every figure here comes from the same progress and plan, and each says what it counts.
 * `paidReferrals` is everyone who joined with the member's code and paid (the bonus counts those).
 */
export function progressWords(plan: Plan, progress: StageProgress, paidReferrals: number): ProgressWords {
  const name = progress.stageName;
  const percent = Math.round(progress.fraction * 100);
  const bonusEach = formatNaira(plan.referralBonusKobo);
  const bonusHad = Math.min(paidReferrals, plan.referralBonusCap);
  const bonusBase = `${bonusEach} for each of the first ${count(plan.referralBonusCap, 'person', 'people')} who join with your code and pay (${bonusHad} of ${plan.referralBonusCap} so far)`;
  if (progress.nextStage === null) {
    return {
      needs: progress.summary,
      done: progress.summary,
      next: '',
      percent: 100,
      bonus: `${bonusBase}.`,
    };
  }
  const levels = progress.nextStage === 1 ? 'level 1' : `levels 1 to ${progress.nextStage}`;
  const places = count(progress.neededPlaces, 'place', 'places');
  const referrals = count(progress.neededDirectReferrals, 'direct referral', 'direct referrals');
  const missing = [
    progress.missingDirectReferrals > 0
      ? `${count(progress.missingDirectReferrals, 'more direct referral', 'more direct referrals')}`
      : null,
    progress.missingPlaces > 0
      ? `${count(progress.missingPlaces, 'more place', 'more places')} in your matrix`
      : null,
  ].filter(Boolean);
  const then = `stage ${progress.nextStage}, ${progress.nextStageName}`;
  const beyondBonus =
    progress.neededDirectReferrals > plan.referralBonusCap
      ? ` ${name} needs ${referrals}: the ones after the first ${plan.referralBonusCap} count for your stages, without this bonus.`
      : '';
  return {
    needs: `To complete ${name}: ${places} filled in ${levels} of your matrix and ${referrals}.`,
    done: `Done: ${progress.filledPlaces} of ${progress.neededPlaces} places and ${progress.directReferrals} of ${progress.neededDirectReferrals} direct referrals, ${percent}% of all ${name} needs.`,
    next: missing.length
      ? `Next: ${missing.join(' and ')}, then ${then}.`
      : `Nothing is missing: ${then} follows.`,
    percent,
    bonus: `${bonusBase}.${beyondBonus}`,
  };
}
