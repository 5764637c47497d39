import { naira } from '../../../components/display/format';
import type { UserFigures } from '../api/get-user';
import type { Programme } from '../types';

type Row = [label: string, value: string | number];

function rows(programme: Programme, u: UserFigures): Row[] {
  const common: Row[] = [
    ['Full name', u.fullName],
    ['Email', u.email],
    ['Phone', u.phone],
    ['Address', u.address],
    ['Referral code', u.referralCode],
    ['Level', u.status],
    ['Fee paid', u.paid ? 'Yes' : 'No'],
    ['Wallet', naira(u.wallet)],
    ['Graduating bonus', naira(u.graduatingBonus)],
    ['Referral count', u.referralCount],
    ['Referral node', u.referralNode],
    ['Transactions', u.transaction_counts],
  ];
  if (programme === 'main' && 'earnedBonus' in u) {
    return [
      ...common,
      ['Earned bonus', naira(u.earnedBonus)],
      ['Laptop award or equivalent', naira(u.laptop_award_or_equivalent)],
      ['Social club', naira(u.mbbpil_social_club)],
      ['Car award', naira(u.car_award)],
      ['SUV award', naira(u.suv_award)],
      ['Housing award', naira(u.housing_award)],
    ];
  }
  if ('matrixBonus' in u) {
    return [...common, ['Referral bonus', naira(u.matrixBonus)], ['Thank You bonus', naira(u.thankYouBonus)], ['Laptop award', naira(u.laptopAward)], ['Award', naira(u.Award)]];
  }
  return common;
}

/** One user's details and figures as an administrator sees them (spec 3.3). */
export function UserFiguresCard({ programme, user }: { programme: Programme; user: UserFigures }) {
  return (
    <section aria-label={`Details of ${user.fullName}`} className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm" data-testid="user-figures">
      <h2 className="text-lg font-bold break-words text-slate-900">{user.fullName}</h2>
      <dl className="mt-3 grid gap-x-6 gap-y-1">
        {rows(programme, user).map(([label, value]) => (
          <div key={label} className="flex justify-between gap-3 border-b border-slate-100 py-1">
            <dt className="text-slate-600">{label}</dt>
            <dd className="min-w-0 text-right font-semibold [overflow-wrap:anywhere] text-slate-900 tabular-nums" data-figure={label}>
              {value}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
