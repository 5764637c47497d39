import type { MemberRecord } from '@coop/core/contracts';
import { useState } from 'react';
import { QueryState } from '../../../../../components/display/query-state';
import { MatrixTree } from '../../../../../components/matrix/matrix-tree';
import { useMemberMatrix } from '../../api/get-member-matrix';
import { Nothing, RecordSection } from './record-section';

/** The member view's lazy tree from this member's position down, three levels at a time; deeper places open in place. */
export function MatrixSection({ record }: { record: MemberRecord }) {
  const [from, setFrom] = useState<number | null>(null);
  const matrix = useMemberMatrix(record.id, from);
  return (
    <RecordSection
      id="matrix"
      title="Matrix"
      lead={`The places under ${record.fullName}, three levels at a time; a suspended or closed account keeps its place.`}
    >
      <QueryState query={matrix} label="the matrix">
        {(view) =>
          !view.paid ? (
            <Nothing>Not placed in the matrix: the fee is not paid.</Nothing>
          ) : (
            <>
              {from !== null && (
                <button
                  type="button"
                  onClick={() => setFrom(null)}
                  className="mb-3 min-h-11 rounded-md border border-slate-300 px-4 font-semibold text-brand-900 hover:bg-brand-50"
                >
                  ← Back to {record.fullName}’s place
                </button>
              )}
              <MatrixTree view={view} ownId={null} onOpen={setFrom} label={`${record.fullName}’s matrix`} />
            </>
          )
        }
      </QueryState>
    </RecordSection>
  );
}
