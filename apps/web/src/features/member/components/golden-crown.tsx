import { naira, formatDate } from '../../../components/display/format';
import type { Award, Dashboard } from '../types';

const standing: Record<Award['dueStatus'], { label: string; tone: string }> = {
  delivered: { label: 'Paid', tone: 'bg-brand-100 text-brand-900' },
  due: { label: 'Due', tone: 'bg-amber-100 text-amber-900' },
  upcoming: { label: 'Upcoming', tone: 'bg-sky-100 text-sky-900' },
};

/**
 * A Main member who finished Eldorado: the congratulation, and the Golden Crown annual award's schedule (one
 * installment a year for five years), each with its due date and whether it is paid, due or still to come.
 * Main has no second registration, so nothing here asks for a payment.
 */
export function GoldenCrown({ me }: { me: Dashboard }) {
  const installments = me.awards
    .filter((a) => a.kind === 'golden_crown_annual')
    .sort((a, b) => a.installment - b.installment);
  const paid = installments.filter((a) => a.dueStatus === 'delivered').length;
  const due = installments.filter((a) => a.dueStatus === 'due').length;
  const next = installments.find((a) => a.dueStatus === 'upcoming');
  return (
    <section
      aria-labelledby="golden-crown-heading"
      className="rounded-lg border-2 border-accent-400 bg-amber-50 p-4 shadow-sm sm:p-5"
      data-testid="golden-crown"
    >
      <h2 id="golden-crown-heading" className="text-xl font-bold text-brand-900">
        Congratulations, Golden Crown Partner
      </h2>
      <p className="mt-2 text-slate-800">
        You have completed Eldorado, the last stage of the Main platform. As a Golden Crown Partner you
        receive the Golden Crown annual award once a year for {installments.length || 5} years. There is
        nothing more to pay.
      </p>
      {installments.length > 0 && (
        <>
          <p className="mt-2 font-semibold text-slate-900" data-testid="golden-crown-count">
            {paid} of {installments.length} installments paid{due > 0 ? `, ${due} due now` : ''}
            {next ? `; the next falls due on ${formatDate(next.dueAt)}` : ''}.
          </p>
          <table className="mt-3 w-full text-left text-sm">
            <caption className="sr-only">Golden Crown schedule</caption>
            <thead>
              <tr className="border-b border-amber-200 text-slate-700">
                <th scope="col" className="py-1.5 pr-2 font-semibold">
                  Year
                </th>
                <th scope="col" className="py-1.5 pr-2 font-semibold">
                  Due
                </th>
                <th scope="col" className="py-1.5 pr-2 text-right font-semibold">
                  Amount
                </th>
                <th scope="col" className="py-1.5 text-right font-semibold">
                  Status
                </th>
              </tr>
            </thead>
            <tbody>
              {installments.map((a) => (
                <tr
                  key={a.id}
                  className="border-b border-amber-100"
                  data-testid="golden-crown-installment"
                  data-status={a.dueStatus}
                >
                  <td className="py-1.5 pr-2">{a.installment}</td>
                  <td className="py-1.5 pr-2">{formatDate(a.dueAt)}</td>
                  <td className="py-1.5 pr-2 text-right tabular-nums">{naira(a.value)}</td>
                  <td className="py-1.5 text-right">
                    <span
                      className={`rounded-full px-2 py-0.5 text-xs font-semibold ${standing[a.dueStatus].tone}`}
                    >
                      {standing[a.dueStatus].label}
                    </span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </section>
  );
}
