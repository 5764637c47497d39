import { Link } from 'react-router';
import { useMe } from '../api/get-me';
import { useMyPlan } from '../api/get-my-plan';
import { useCurrentPlan } from '../../../lib/plans-context';
import { AwardsSummary } from '../components/awards-summary';
import { CashSummary } from '../components/cash-summary';
import { FirstStep } from '../components/first-step';
import { GoldenCrown } from '../components/golden-crown';
import { MemberPageTitle } from '../components/member-page-title';
import { PayCallToAction } from '../components/pay-call-to-action';
import { QueryState } from '../../../components/display/query-state';
import { ReferralSummary } from '../components/referral-summary';
import { StatusSummary } from '../components/status-summary';
import { useMemberArea } from '../hooks/use-member-area';

/**
 * The spec's dashboard: 'Wallet Summary', 'Referral Summary' and 'Status', with the awards apart from the money.
 * A finished Welcome Back position may register again; a finished Main position is a Golden Crown Partner, and
 * Main has no second registration, so it is congratulated and shown its schedule instead.
 */
export function DashboardPage() {
  const area = useMemberArea();
  const query = useMe(area.programme);
  // Every plan figure on the dashboard is the member's own version's (decision 0059); the version in force beside it.
  const ownPlan = useMyPlan(area.programme);
  const now = useCurrentPlan(area.programme);
  return (
    <>
      <MemberPageTitle title="Dashboard" />
      <QueryState query={query} label="your dashboard">
        {(me) =>
          !me.paid ? (
            <PayCallToAction area={area} />
          ) : (
            <QueryState query={ownPlan} label="your plan">
              {(own) => (
                <div className="space-y-5">
                  {me.finished &&
                    (me.programme === 'main' ? (
                      <GoldenCrown me={me} />
                    ) : (
                      <PayCallToAction area={area} again />
                    ))}
                  {me.transaction_counts === 0 ? (
                    <FirstStep area={area} plans={{ own, now }} />
                  ) : (
                    <CashSummary me={me} plans={{ own, now }} />
                  )}
                  <ReferralSummary me={me} />
                  <StatusSummary me={me} />
                  <AwardsSummary me={me} plans={{ own, now }} awardsPath={area.paths.awards} />
                  <p className="text-sm text-slate-600">
                    Every amount is recorded in your{' '}
                    <Link className="font-semibold text-brand-800 underline" to={area.paths.wallet}>
                      wallet history
                    </Link>
                    .
                    {me.grantEligible && (
                      <>
                        {' '}
                        As an Executive you may{' '}
                        <Link className="font-semibold text-brand-800 underline" to={area.paths.grant}>
                          apply for the grant
                        </Link>
                        .
                      </>
                    )}
                  </p>
                </div>
              )}
            </QueryState>
          )
        }
      </QueryState>
    </>
  );
}
