import type { MemberRecord } from '@coop/core/contracts';
import { formatDateTime, naira } from '../../../../../components/display/format';
import { StatusBadge } from '../../../common/components/status-badge';
import { Nothing, RecordList, RecordSection } from './record-section';

export function AwardsSection({ record }: { record: MemberRecord }) {
  return (
    <RecordSection
      id="awards"
      title="Awards"
      lead="Non-cash entitlements: the value is what the award is worth, never money in the wallet."
    >
      {record.awards.length === 0 ? (
        <Nothing>No award earned yet.</Nothing>
      ) : (
        <RecordList
          testId="award"
          items={record.awards}
          render={(a) => (
            <div className="flex flex-wrap items-center justify-between gap-x-3">
              <span className="text-slate-900">
                {a.label}
                {a.installment > 1 && ` (instalment ${a.installment})`}
              </span>
              <span className="flex items-center gap-2">
                <span className="text-sm text-slate-700">non-cash entitlement worth {naira(a.value)}</span>
                <StatusBadge status={a.status} />
              </span>
            </div>
          )}
        />
      )}
    </RecordSection>
  );
}

export function GrantsSection({ record }: { record: MemberRecord }) {
  return (
    <RecordSection id="grants" title="Grants">
      {record.grants.length === 0 ? (
        <Nothing>No grant application.</Nothing>
      ) : (
        <RecordList
          testId="grant"
          items={record.grants}
          render={(g) => (
            <div className="flex flex-wrap items-center justify-between gap-x-3">
              <span className="min-w-0 break-words text-slate-900">{g.purpose}</span>
              <span className="flex items-center gap-2">
                <span className="font-semibold tabular-nums">{naira(g.amount)}</span>
                <StatusBadge status={g.status} />
              </span>
              <span className="w-full text-xs text-slate-500">
                applied {formatDateTime(g.createdAt)}
                {g.decisionNote && ` · ${g.decisionNote}`}
              </span>
            </div>
          )}
        />
      )}
    </RecordSection>
  );
}
