import { formatNaira } from '@coop/core';
import type { Approval } from '@coop/core/contracts';
import { Link } from 'react-router';
import { formatDateTime } from '../../../../components/display/format';
import { planSimulationPath } from '../../common/admin-paths';
import { DraftAgainstInForce } from '../../common/components/draft-against-in-force';

const percent = (share: number) => `${(share * 100).toFixed(1)}%`;
const members = (n: number) => `${n.toLocaleString('en-NG')} members`;

type Figures = NonNullable<NonNullable<Approval['simulation']>['headline']>['sizes'][number]['draft'];

const ROWS: [label: string, pick: (f: Figures) => string][] = [
  ['Payout ratio', (f) => percent(f.payoutRatio)],
  ['Cash owed per member', (f) => formatNaira(f.cashOwedPerMemberKobo)],
  ['Awards owed per member', (f) => formatNaira(f.awardsOwedPerMemberKobo)],
];

/**
 * What a plan change costs, on its approval card (decision 0061): the simulation of the draft as it is now against
 * the version in force, at 1,000 and at 100,000 new members, and a link to the whole simulation. Without a finished
 * one the checker reads why it cannot be approved yet.
 */
export function PlanSimulationFigures({ approval }: { approval: Approval }) {
  const simulation = approval.simulation;
  const waiting = approval.status === 'pending';
  if (!simulation || simulation.status !== 'finished' || !simulation.headline)
    return waiting ? (
      <p
        className="mt-3 rounded-md bg-amber-50 p-3 text-sm text-amber-950"
        data-testid="plan-simulation-missing"
      >
        {simulation?.status === 'running'
          ? 'A simulation of this draft is running. '
          : 'No finished simulation of this draft as it is now. '}
        It cannot be approved until one has finished: its maker runs it from the draft (Plan → the draft →
        Simulate this draft).
      </p>
    ) : null;
  return (
    <section className="mt-3" aria-label="What the change costs" data-testid="plan-simulation-figures">
      <h3 className="text-sm font-semibold text-slate-900">What the change costs (simulated)</h3>
      <p className="text-sm text-slate-700">
        The draft against version {simulation.againstVersion}, in force, with the maker’s assumptions
        {simulation.finishedAt && ` (simulated ${formatDateTime(simulation.finishedAt)})`}.
      </p>
      <div className="mt-2 grid gap-3 sm:grid-cols-2">
        {simulation.headline.sizes.map((size) => (
          <DraftAgainstInForce
            key={size.members}
            caption={`At ${members(size.members)}`}
            rows={ROWS.map(([label, pick]) => [label, pick(size.draft), pick(size.current)])}
          />
        ))}
      </div>
      <p className="mt-2 text-sm">
        <Link
          to={planSimulationPath(simulation.jobId)}
          className="font-semibold text-brand-900 underline underline-offset-2"
        >
          See the whole simulation
        </Link>
      </p>
    </section>
  );
}
