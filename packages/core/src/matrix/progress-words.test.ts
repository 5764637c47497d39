import { describe, expect, it } from 'vitest';
import { formatNaira } from '../money';
import { getPlan, mainPlan, programmes, requiredDirectReferrals, stageName } from '../plan';
import { progressWords } from './progress-words';
import { stageProgress } from './stages';
import { stageWindow } from './stage-window';

describe('progressWords', () => {
  it('tells the issue 38 member (two paid friends, Associate) one story in the plan’s terms', () => {
    const progress = stageProgress(mainPlan, 1, [2, 0, 0, 0], 2);
    const words = progressWords(mainPlan, progress, 2);
    expect(words.needs).toBe(
      'To complete Associate: 6 places filled in levels 1 to 2 of your matrix and 4 direct referrals.',
    );
    expect(words.done).toBe('Done: 2 of 6 places and 2 of 4 direct referrals, 40% of all Associate needs.');
    expect(words.next).toBe(
      'Next: 2 more direct referrals and 4 more places in your matrix, then stage 2, Honourable.',
    );
    expect(words.percent).toBe(40);
    expect(words.bonus).toBe(
      `${formatNaira(mainPlan.referralBonusKobo)} for each of the first 2 people who join with your code and pay (2 of 2 so far). Associate needs 4 direct referrals: the ones after the first 2 count for your stages, without this bonus.`,
    );
  });

  for (const programme of programmes) {
    const plan = getPlan(programme);
    it(`adds up at every stage of the ${programme} plan: done + missing = needs, percent = the bar`, () => {
      for (let stage = 0; stage < plan.stages.length; stage += 1) {
        // Half the window filled and one referral short, as a member part-way through a stage.
        const window = stageWindow(plan, stage, []);
        const levelCounts = Array.from({ length: plan.stages.length }, (_, i) => 2 ** i);
        const needed = requiredDirectReferrals(plan, stage + 1);
        const progress = stageProgress(plan, stage, levelCounts.slice(0, stage), needed - 1);
        const words = progressWords(plan, progress, needed - 1);
        expect(progress.neededPlaces).toBe(window.places);
        expect(progress.filledPlaces + progress.missingPlaces).toBe(progress.neededPlaces);
        expect(progress.directReferrals + progress.missingDirectReferrals).toBe(needed);
        expect(words.needs).toContain(`${window.places} places`);
        expect(words.needs).toContain(`${needed} direct referral`);
        expect(words.needs).toContain(`To complete ${stageName(plan, stage)}`);
        expect(words.done).toContain(`${progress.filledPlaces} of ${window.places} places`);
        expect(words.done).toContain(`${needed - 1} of ${needed} direct referrals, ${words.percent}%`);
        expect(words.next).toContain(`${progress.missingPlaces} more place`);
        expect(words.next).toContain('1 more direct referral and');
        expect(words.next).toContain(`then stage ${stage + 1}, ${stageName(plan, stage + 1)}.`);
        expect(words.percent).toBe(
          Math.round(((progress.filledPlaces + needed - 1) / (window.places + needed)) * 100),
        );
        expect(words.bonus).toContain(`first ${plan.referralBonusCap} people`);
      }
    });
  }

  it('says nothing is next once the last stage is completed', () => {
    const done = stageProgress(mainPlan, mainPlan.stages.length, [], 0);
    expect(progressWords(mainPlan, done, 5)).toMatchObject({ next: '', percent: 100 });
    expect(progressWords(mainPlan, done, 5).bonus).toContain('(2 of 2 so far).');
  });
});
