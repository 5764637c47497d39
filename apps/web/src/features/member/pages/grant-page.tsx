import { formatNaira, getPlan, stageName } from '@coop/core';
import { useGrant } from '../api/get-grant';
import { useMe } from '../api/get-me';
import { GrantForm } from '../components/grant-form';
import { WithdrawGrant } from '../components/withdraw-grant';
import { MemberPageTitle } from '../components/member-page-title';
import { QueryState } from '../../../components/display/query-state';
import { useResultDialog } from '../../../components/form';
import { useMemberArea } from '../hooks/use-member-area';
import { formatDate, naira } from '../../../components/display/format';

const plan = getPlan('main');
const grant = plan.grant!;

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
  // Here, not in the form: the form is replaced once the application is received, and the confirmation must stay.
  const popup = useResultDialog();
  return (
    <>
      <MemberPageTitle
        title="Executive Grant"
        lead={`Members at stage ${grant.stage} (${stageName(plan, grant.stage)}) and above may apply for a grant of up to ${formatNaira(grant.ceilingKobo)} for a venture.`}
      />
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
