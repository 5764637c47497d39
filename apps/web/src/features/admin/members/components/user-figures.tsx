import type { Programme } from '@coop/core';
import { Link } from 'react-router';
import { naira } from '../../../../components/display/format';
import { memberRecordPath } from '../../common/admin-paths';
import type { UserFigures } from '../api/get-user';

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
    ['Wallet entries', u.transaction_counts],
  ];
  if (programme === 'main' && 'earnedBonus' in u) {
    return [
      ...common,
      ['Earned bonus', naira(u.earnedBonus)],
      ['Laptop award (non-cash, value)', naira(u.laptop_award_or_equivalent)],
      ['Social club (non-cash, value)', naira(u.mbbpil_social_club)],
      ['Car award (non-cash, value)', naira(u.car_award)],
      ['SUV award (non-cash, value)', naira(u.suv_award)],
      ['Housing award (non-cash, value)', naira(u.housing_award)],
    ];
  }
  if ('matrixBonus' in u) {
    return [
      ...common,
      ['Referral bonus', naira(u.matrixBonus)],
      ['Thank You bonus', naira(u.thankYouBonus)],
      ['Laptop award (non-cash, value)', naira(u.laptopAward)],
      ['Award (non-cash, value)', naira(u.Award)],
    ];
  }
  return common;
}

/** One user's details and figures as an administrator sees them (spec 3.3). */
export function UserFiguresCard({ programme, user }: { programme: Programme; user: UserFigures }) {
  return (
    <section
      aria-label={`Details of ${user.fullName}`}
      className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
      data-testid="user-figures"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="text-lg font-bold break-words text-slate-900">{user.fullName}</h2>
        <Link
          to={memberRecordPath(user.accountId)}
          className="font-semibold text-brand-800 underline hover:text-brand-900"
        >
          Open the member record
        </Link>
      </div>
      <dl className="mt-3 grid gap-x-6 gap-y-1">
        {rows(programme, user).map(([label, value]) => (
          <div key={label} className="flex justify-between gap-3 border-b border-slate-100 py-1">
            <dt className="text-slate-600">{label}</dt>
            <dd
              className="min-w-0 text-right font-semibold [overflow-wrap:anywhere] text-slate-900 tabular-nums"
              data-figure={label}
            >
              {value}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
