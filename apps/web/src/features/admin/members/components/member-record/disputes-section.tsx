import { QueryState } from '../../../../../components/display/query-state';
import { useDisputes } from '../../api/get-disputes';
import { DisputeCard } from '../dispute-card';
import { Nothing, RecordSection } from './record-section';

/** The member's disputed card payments, read from the disputes list (one query), answerable here too. */
export function DisputesSection({ accountId }: { accountId: string }) {
  const disputes = useDisputes('all', 1, accountId);
  return (
    <RecordSection id="disputes" title="Disputes">
      <QueryState query={disputes} label="the disputes">
        {(list) =>
          list.total === 0 ? (
            <Nothing>No payment of this account has been disputed.</Nothing>
          ) : (
            <ul className="space-y-3">
              {list.items.map((d) => (
                <DisputeCard key={d.id} dispute={d} showMember={false} />
              ))}
            </ul>
          )
        }
      </QueryState>
    </RecordSection>
  );
}
