import { formatNaira, type AwardDef } from '@coop/core';
import { Link } from 'react-router';
import { naira } from '../../../components/display/format';
import type { Award, Dashboard } from '../types';
import { nowBeside, type ReaderPlans } from '../reader-plans';
import { awardName } from './award-names';

interface AwardRow {
  key: string;
  label: string;
  value: string | null;
  /** The award's value for members joining now, where it differs from the member's own version's. */
  valueNow: string | null;
  status: 'pending' | 'delivered' | 'ahead';
  detail: string;
}

/**
 * Every award the programme has, in stage order: those earned with their delivery status, the others with
 * the stage that brings them. Built from the plan, so a programme never shows an award it does not have.
 */
function awardRows(me: Dashboard, plans: ReaderPlans): AwardRow[] {
  // The member's own version: the awards, and their values, are the ones they joined under (decision 0059).
  const plan = plans.own;
  const valueNow = (kind: string) =>
    nowBeside(plans, (p) => p.stages.flatMap((s) => s.awards).find((a) => a.kind === kind)?.valueKobo);
  const earned = (kind: string) => me.awards.filter((a: Award) => a.kind === kind);
  return plan.stages.flatMap((stage) =>
    stage.awards.flatMap((def: AwardDef): AwardRow[] => {
      const mine = earned(def.kind);
      if (mine.length > 0) {
        return mine.map((a) => ({
          key: `award-${a.id}`,
          label:
            a.installment > 1
              ? `${awardName(a.kind, a.label)} (year ${a.installment})`
              : awardName(a.kind, a.label),
          value: a.value === '0.00' ? null : naira(a.value),
          valueNow: null,
          status: a.status,
          detail:
            a.status === 'delivered'
              ? 'Delivered to you.'
              : `Earned on completing ${stage.name}; we will contact you to deliver it.`,
        }));
      }
      return [
        {
          key: `ahead-${def.kind}`,
          label: awardName(def.kind, def.label),
          value: def.valueKobo > 0 ? formatNaira(def.valueKobo) : null,
          valueNow: valueNow(def.kind),
          status: 'ahead',
          detail: `Earned on completing ${stage.name}.`,
        },
      ];
    }),
  );
}

const badge: Record<AwardRow['status'], [string, string]> = {
  delivered: ['Delivered', 'bg-brand-100 text-brand-900'],
  pending: ['Pending delivery', 'bg-amber-100 text-amber-900'],
  ahead: ['Not yet earned', 'bg-slate-100 text-slate-700'],
};

/** Awards apart from cash: entitlements delivered to the member, never paid into the wallet. */
export function AwardsSummary({
  me,
  plans,
  awardsPath,
}: {
  me: Dashboard;
  plans: ReaderPlans;
  awardsPath: string;
}) {
  const rows = awardRows(me, plans);
  if (rows.length === 0) return null;
  return (
    <section
      aria-labelledby="awards-heading"
      className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
      data-testid="awards-section"
    >
      <h2 id="awards-heading" className="text-lg font-bold text-brand-900">
        Awards
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        Awards are not cash: they are delivered to you and never enter your wallet.{' '}
        <Link className="font-semibold text-brand-800 underline" to={awardsPath}>
          See your awards
        </Link>
        .
      </p>
      <ul className="mt-3 divide-y divide-slate-100">
        {rows.map((row) => (
          <li
            key={row.key}
            className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1 py-2"
            data-testid="award-row"
          >
            <div className="min-w-0">
              <p className="font-semibold text-slate-900">
                {row.label}
                {row.value && <span className="font-normal text-slate-600"> · worth {row.value}</span>}
                {row.valueNow && (
                  <span className="font-normal text-slate-600"> (members joining now: {row.valueNow})</span>
                )}
              </p>
              <p className="text-sm text-slate-600">{row.detail}</p>
            </div>
            <span
              className={`shrink-0 rounded-full px-2.5 py-0.5 text-xs font-semibold ${badge[row.status][1]}`}
            >
              {badge[row.status][0]}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
