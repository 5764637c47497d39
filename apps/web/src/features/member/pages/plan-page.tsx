import { termsPath } from '@coop/core/contracts';
import { Link } from 'react-router';
import { formatDate } from '../../../components/display/format';
import { QueryState } from '../../../components/display/query-state';
import { StageTable } from '../../../components/plan/stage-table';
import { useMyPlan } from '../api/get-my-plan';
import { MemberPageTitle } from '../components/member-page-title';
import { useMemberArea } from '../hooks/use-member-area';

/** The member's own plan: the version their position joined under, which is what they are paid by. */
export function PlanPage() {
  const area = useMemberArea();
  const query = useMyPlan(area.programme);
  return (
    <>
      <MemberPageTitle
        title="My Plan"
        lead="What each stage pays you: the plan version your position joined under. A later version applies to positions placed after it, never to yours."
      />
      <QueryState query={query} label="your plan">
        {(plan) => (
          <>
            <p
              className="mb-4 rounded-lg border border-brand-200 bg-brand-50 p-4 text-slate-800"
              data-testid="joined-under"
              data-plan-version={plan.version}
            >
              {plan.joinedUnder === null
                ? `You have not paid yet: your position will join under the version current when you pay (now version ${plan.currentVersion}).`
                : `You joined under version ${plan.joinedUnder} of the plan, in effect since ${formatDate(plan.effectiveAt)}. You are paid by it.`}
              {plan.joinedUnder !== null &&
                plan.currentVersion !== plan.joinedUnder &&
                ` New members now join under version ${plan.currentVersion}; your terms do not change.`}
            </p>
            {/* The terms of the member's own version (decision 0060): the publication notice sends them here. */}
            <p className="mb-4">
              <Link
                to={termsPath(area.programme, plan.joinedUnder ?? plan.currentVersion)}
                className="font-semibold text-brand-800 underline"
                data-testid="my-terms-link"
              >
                Read the terms of version {plan.joinedUnder ?? plan.currentVersion}
              </Link>
            </p>
            <StageTable plan={plan} />
          </>
        )}
      </QueryState>
    </>
  );
}
