import { useAwards } from '../api/get-awards';
import { MemberPageTitle } from '../components/member-page-title';
import { QueryState } from '../../../components/display/query-state';
import { formatDate, naira } from '../../../components/display/format';

const standing = {
  delivered: { label: 'Delivered', tone: 'bg-brand-100 text-brand-900' },
  due: { label: 'Due', tone: 'bg-amber-100 text-amber-900' },
  upcoming: { label: 'Upcoming', tone: 'bg-sky-100 text-sky-900' },
} as const;

export function AwardsPage() {
  const query = useAwards();
  return (
    <>
      <MemberPageTitle
        title="Awards"
        lead="Awards are earned on completing a stage. They are not cash and cannot be converted to cash."
      />
      <QueryState query={query} label="your awards">
        {({ awards }) =>
          awards.length === 0 ? (
            <p className="rounded-lg border border-slate-200 bg-white p-5 text-slate-700">
              You have not earned an award yet. The first comes on completing a higher stage.
            </p>
          ) : (
            <ul className="grid gap-3 sm:grid-cols-2" aria-label="Your awards">
              {awards.map((award) => (
                <li key={award.id} className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
                  <div className="flex items-start justify-between gap-3">
                    <h2 className="font-bold text-brand-900">
                      {award.label}
                      {award.installment > 1 && ` (year ${award.installment})`}
                    </h2>
                    <span
                      data-status={award.dueStatus}
                      className={`shrink-0 rounded-full px-2.5 py-0.5 text-xs font-semibold ${standing[award.dueStatus].tone}`}
                    >
                      {standing[award.dueStatus].label}
                    </span>
                  </div>
                  <p className="mt-1 text-sm text-slate-700">{award.description}</p>
                  <p className="mt-2 text-sm text-slate-600">
                    {award.value !== '0.00' && <>Value {naira(award.value)} · </>}Earned{' '}
                    {formatDate(award.createdAt)}
                  </p>
                  {award.dueAt.slice(0, 10) !== award.createdAt.slice(0, 10) && (
                    <p className="text-sm font-medium text-slate-800">
                      {award.dueStatus === 'upcoming' ? 'Falls due on' : 'Fell due on'}{' '}
                      {formatDate(award.dueAt)}
                    </p>
                  )}
                </li>
              ))}
            </ul>
          )
        }
      </QueryState>
    </>
  );
}
