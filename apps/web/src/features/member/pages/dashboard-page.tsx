import { Link } from 'react-router';
import { useMe } from '../api/get-me';
import { MemberPageTitle } from '../components/member-page-title';
import { PayCallToAction } from '../components/pay-call-to-action';
import { QueryState } from '../../../components/display/query-state';
import { StageProgress } from '../components/stage-progress';
import { Figure, SummaryCard } from '../components/summary-card';
import { useMemberArea } from '../hooks/use-member-area';
import type { Dashboard } from '../types';
import { naira } from '../../../components/display/format';

function walletFigures(me: Dashboard): [string, string][] {
  if (me.programme === 'main') {
    return [
      ['Wallet Balance', me.wallet],
      ['Earned Bonus', me.earnedBonus],
      ['Graduating Bonus', me.graduatingBonus],
      ['Social Club', me.mbbpil_social_club],
      ['Gift', me.gift],
      ['Laptop Award', me.laptop_award_or_equivalent],
      ['Car Award', me.car_award],
      ['House Award', me.housing_award],
      ['SUV Award', me.suv_award],
    ];
  }
  return [
    ['Wallet Balance', me.wallet],
    ['Graduating Bonus', me.graduatingBonus],
    ['Referral Bonus', me.matrixBonus],
    ['Thankyou Bonus', me.thankYouBonus],
    ['Laptop Award', me.laptopAward],
    ['Award', me.Award],
  ];
}

export function DashboardPage() {
  const area = useMemberArea();
  const query = useMe(area.programme);
  return (
    <>
      <MemberPageTitle title="Dashboard" />
      <QueryState query={query} label="your dashboard">
        {(me) =>
          !me.paid ? (
            <PayCallToAction area={area} />
          ) : (
            <div className="space-y-5">
              {me.finished && <PayCallToAction area={area} again />}
              {me.progress && !me.finished && <StageProgress progress={me.progress} />}
              <SummaryCard title="Wallet Summary" wide>
                {walletFigures(me).map(([label, value], index) => (
                  <Figure key={label} label={label} value={naira(value)} strong={index === 0} />
                ))}
              </SummaryCard>
              <div className="grid gap-5 md:grid-cols-2">
                <SummaryCard title="Referral Summary">
                  <Figure label="Referral count" value={me.referralCount} />
                  <Figure label="Referral Node" value={me.referralNode} />
                </SummaryCard>
                <SummaryCard title="Status">
                  <Figure label="Level" value={me.status} />
                  {me.programme === 'welcomeback' && me.cycle > 1 && <Figure label="Position" value={`Registration ${me.cycle}`} />}
                </SummaryCard>
              </div>
              <p className="text-sm text-slate-600">
                Every amount is recorded in your <Link className="font-semibold text-brand-800 underline" to={area.paths.wallet}>wallet history</Link>; awards
                are not cash and are delivered separately (see <Link className="font-semibold text-brand-800 underline" to={area.paths.awards}>Awards</Link>).
                {me.grantEligible && (
                  <>
                    {' '}
                    As an Executive you may <Link className="font-semibold text-brand-800 underline" to={area.paths.grant}>apply for the grant</Link>.
                  </>
                )}
              </p>
            </div>
          )
        }
      </QueryState>
    </>
  );
}
