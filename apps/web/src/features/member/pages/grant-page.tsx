import { formatNaira, stageName, type Plan } from '@coop/core';
import { useGrant } from '../api/get-grant';
import { useMe } from '../api/get-me';
import { useMyPlan } from '../api/get-my-plan';
import { nowBeside, type ReaderPlans } from '../reader-plans';
import { useCurrentPlan } from '../../../lib/plans-context';
import { GrantForm } from '../components/grant-form';
import { WithdrawGrant } from '../components/withdraw-grant';
import { MemberPageTitle } from '../components/member-page-title';
import { QueryState } from '../../../components/display/query-state';
import { useResultDialog } from '../../../components/form';
import { useMemberArea } from '../hooks/use-member-area';
import { formatDate, naira } from '../../../components/display/format';

/**
 * The grant's sentence from the member's own version (their ceiling is the one they joined under, decision 0059), with
 * the ceiling of members joining now beside it where that differs.
 */
function grantLead(plans: ReaderPlans | null, now: Plan): string {
  // While the member's version is on its way (it is among the page's first reads), no ceiling rather than another's.
  const plan = plans?.own ?? now;
  const grant = plan.grant;
  if (!grant) return 'The grant is not part of your plan.';
  const ceiling = plans ? ` of up to ${formatNaira(grant.ceilingKobo)}` : '';
  const ceilingNow = plans && nowBeside(plans, (p) => p.grant?.ceilingKobo);
  return `Members at stage ${grant.stage} (${stageName(plan, grant.stage)}) and above may apply for a grant${ceiling} for a venture.${ceilingNow ? ` Members joining now may ask for up to ${ceilingNow} under version ${now.version}; yours stays as you joined.` : ''}`;
}

const statusLabel = {
  pending: 'Waiting for a decision',
  approved: 'Approved',
  declined: 'Declined',
  withdrawn: 'Withdrawn by you',
} as const;

export function GrantPage() {
  const area = useMemberArea();
  const me = useMe(area.programme);
  const grants = useGrant();
  const own = useMyPlan('main').data;
  const now = useCurrentPlan('main');
  // Here, not in the form: the form is replaced once the application is received, and the confirmation must stay.
  const popup = useResultDialog();
  return (
    <>
      <MemberPageTitle title="Executive Grant" lead={grantLead(own ? { own, now } : null, now)} />
      <QueryState query={grants} label="your grant applications">
        {({ ceiling, applications }) => (
          <div className="space-y-5">
            {applications.length > 0 && (
              <ul className="space-y-3" aria-label="Your applications">
                {applications.map((g) => (
                  <li
                    key={g.id}
                    className="max-w-lg rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
                  >
                    <div className="flex items-center justify-between gap-3">
                      <p className="text-lg font-bold text-brand-900">{naira(g.amount)}</p>
                      <span className="rounded-full bg-slate-100 px-2.5 py-0.5 text-sm font-semibold text-slate-800">
                        {statusLabel[g.status]}
                      </span>
                    </div>
                    <p className="mt-1 text-slate-800">{g.purpose}</p>
                    <p className="mt-1 text-sm text-slate-600">
                      Applied {formatDate(g.createdAt)}
                      {g.decidedAt &&
                        ` · ${g.status === 'withdrawn' ? 'withdrawn' : 'decided'} ${formatDate(g.decidedAt)}`}
                    </p>
                    {g.decisionNote && <p className="mt-1 text-sm text-slate-700">Note: {g.decisionNote}</p>}
                    {g.status === 'pending' && <WithdrawGrant grantId={g.id} />}
                  </li>
                ))}
              </ul>
            )}
            {me.data?.grantEligible ? (
              applications.some((g) => g.status === 'pending') ? (
                <p className="max-w-lg text-slate-700">
                  You can apply again once your application has been decided, or after you withdraw it.
                </p>
              ) : (
                <GrantForm ceiling={ceiling} popup={popup} />
              )
            ) : (
              me.data && (
                <p className="max-w-lg rounded-lg border border-slate-200 bg-white p-5 text-slate-700">
                  The grant opens when you reach stage 5 (Executive). You are at{' '}
                  {me.data.paid ? `stage ${me.data.stage}, ${me.data.stageName}` : 'no stage yet'}.
                </p>
              )
            )}
          </div>
        )}
      </QueryState>
      {popup.dialog}
    </>
  );
}
