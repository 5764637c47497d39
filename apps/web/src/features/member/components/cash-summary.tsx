import { formatNaira, progressWords } from '@coop/core';
import { naira } from '../../../components/display/format';
import { nowBeside, type ReaderPlans } from '../reader-plans';
import type { Dashboard } from '../types';
import { Figure, SummaryCard } from './summary-card';

interface CashFigure {
  label: string;
  value: string;
  note: string;
}

/** The programme's own cash figures, each with a line on what it counts. Awards are never among them. */
function cashFigures(me: Dashboard, plans: ReaderPlans): CashFigure[] {
  // The member's own version: the referral bonus they earn is the one they joined under (decision 0059).
  const plan = plans.own;
  // The same words as the Status card's progress, so the bonus's 'first 2 people' is not read as the stage's need.
  const own = me.progress
    ? progressWords(plan, me.progress, me.referralCount).bonus
    : `${formatNaira(plan.referralBonusKobo)} for each of the first ${plan.referralBonusCap} people who join with your code and pay.`;
  const now = nowBeside(plans, (p) => p.referralBonusKobo);
  const referral = now
    ? `${own} Members joining now earn ${now} under version ${plans.now.version}; yours stays as you joined.`
    : own;
  const wallet = {
    label: 'Wallet Balance',
    value: me.wallet,
    note: 'Cash you have earned and not yet been paid. It is paid to your bank account monthly.',
  };
  const graduating = {
    label: 'Graduating Bonus',
    value: me.graduatingBonus,
    note: 'Paid each time you complete a stage.',
  };
  if (me.programme === 'main') {
    const figures = [
      wallet,
      {
        label: 'Earned Bonus',
        value: me.earnedBonus,
        note: `The activities bonus of each stage you complete, and referral bonuses: ${referral}`,
      },
      graduating,
    ];
    if (me.healthFee !== '0.00') {
      figures.push({
        label: 'Health Fee Deducted',
        value: `-${me.healthFee}`,
        note: 'The health organisation registration fee, taken once from your Honourable bonuses.',
      });
    }
    return figures;
  }
  return [
    wallet,
    {
      label: 'Referral Bonus',
      value: me.matrixBonus,
      note: `The matrix bonus of each stage you complete, and referral bonuses: ${referral}`,
    },
    graduating,
    { label: 'Thank You Bonus', value: me.thankYouBonus, note: 'Paid once, on completing Thank You.' },
  ];
}

export function CashSummary({ me, plans }: { me: Dashboard; plans: ReaderPlans }) {
  return (
    <SummaryCard title="Wallet Summary" wide>
      {cashFigures(me, plans).map((f, index) => (
        <Figure key={f.label} label={f.label} value={naira(f.value)} note={f.note} strong={index === 0} />
      ))}
    </SummaryCard>
  );
}
