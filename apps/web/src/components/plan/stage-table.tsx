import { formatNaira, stageTotalKobo, type Plan } from '@coop/core';
import { stageActivity, stageBenefits } from './stage-benefits';

/**
 * The stages of a programme with their activities and benefits, all read from the plan in `@coop/core`.
 * A table on wide screens; below 768 px each row becomes a card so nothing scrolls sideways.
 */
export function StageTable({ plan }: { plan: Plan }) {
  return (
    <table className="w-full border-collapse text-left max-md:block">
      <caption className="sr-only">{plan.name} stages and benefits</caption>
      <thead className="max-md:sr-only">
        <tr className="border-b-2 border-brand-800 text-sm uppercase tracking-wide text-brand-900">
          <th scope="col" className="p-3">
            Stage
          </th>
          <th scope="col" className="p-3">
            Activities
          </th>
          <th scope="col" className="p-3">
            Benefits
          </th>
          <th scope="col" className="p-3 text-right">
            Total
          </th>
        </tr>
      </thead>
      <tbody className="max-md:block max-md:space-y-4">
        {plan.stages.map((stage) => (
          <tr
            key={stage.number}
            className="border-b border-slate-200 align-top max-md:block max-md:rounded-xl max-md:border max-md:p-4"
          >
            <th scope="row" className="p-3 max-md:block max-md:p-0">
              <span className="block text-sm font-semibold text-slate-600">Stage {stage.number}</span>
              <span className="text-lg font-bold text-brand-900">{stage.name}</span>
            </th>
            <td className="p-3 text-slate-700 max-md:block max-md:px-0">{stageActivity(plan, stage)}</td>
            <td className="p-3 max-md:block max-md:px-0">
              <ul className="list-disc space-y-1 pl-5 text-slate-800">
                {stageBenefits(plan, stage).map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            </td>
            <td className="whitespace-nowrap p-3 text-right font-bold text-brand-800 max-md:block max-md:p-0 max-md:text-left">
              <span className="font-normal text-slate-600 md:sr-only">Total: </span>
              {formatNaira(stageTotalKobo(plan, stage))}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
