import { useParams } from 'react-router';
import { QueryState } from '../../../../components/display/query-state';
import { useMemberRecord } from '../api/get-member-record';
import { AdminPageTitle } from '../../common/components/admin-page-title';
import { FlagCard } from '../components/flag-card';
import { DisputesSection } from '../components/member-record/disputes-section';
import { AwardsSection, GrantsSection } from '../components/member-record/entitlement-sections';
import {
  AuditSection,
  IdentitySection,
  NetworkSection,
  StatusHistorySection,
} from '../components/member-record/identity-sections';
import { MatrixSection } from '../components/member-record/matrix-section';
import {
  BankSection,
  PaymentsSection,
  PayoutsSection,
  WalletSection,
} from '../components/member-record/money-sections';
import { Nothing, RecordSection } from '../components/member-record/record-section';
import { StatusActions } from '../components/member-record/status-actions';
import { StatusBadge } from '../../common/components/status-badge';

/** One account's whole record (issue 13): who they are, where they stand, every naira, every flag and act about them. */
export function MemberRecordPage() {
  const { id = '' } = useParams();
  const record = useMemberRecord(id);
  return (
    <QueryState query={record} label="the member record">
      {(r) => (
        <>
          <AdminPageTitle lead={<span className="break-all">{r.email}</span>}>
            <span className="break-words">{r.fullName}</span> <StatusBadge status={r.status} />
          </AdminPageTitle>
          <div className="grid gap-4 xl:grid-cols-2">
            <IdentitySection record={r} />
            <div className="space-y-4">
              <StatusHistorySection record={r} />
              <StatusActions record={r} />
            </div>
            <RecordSection id="flags" title="Fraud flags">
              {r.flags.length === 0 ? (
                <Nothing>No fraud signal has been raised about this account.</Nothing>
              ) : (
                <ul className="space-y-3">
                  {r.flags.map((f) => (
                    <FlagCard key={f.id} flag={f} showAccount={false} />
                  ))}
                </ul>
              )}
            </RecordSection>
            <DisputesSection accountId={r.id} />
            <NetworkSection record={r} />
            <WalletSection record={r} />
            <BankSection record={r} />
            <PaymentsSection record={r} />
            <PayoutsSection record={r} />
            <AwardsSection record={r} />
            <GrantsSection record={r} />
            <div className="xl:col-span-2">
              <MatrixSection record={r} />
            </div>
            <div className="xl:col-span-2">
              <AuditSection record={r} />
            </div>
          </div>
        </>
      )}
    </QueryState>
  );
}
