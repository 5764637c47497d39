import type { PlanVersionRow } from '@coop/core/contracts';
import { adminName } from '../../common/admin-name';

/** Who drafted a version and who approved its publication, by name and email (issue 35); nothing for the first version. */
export function PlanPeople({ row, className = 'text-sm' }: { row: PlanVersionRow; className?: string }) {
  if (!row.draftedBy && !row.approvedBy) return null;
  return (
    <p className={`break-words text-slate-700 ${className}`} data-testid="plan-people">
      {[
        row.draftedBy && `Drafted by ${adminName(row.draftedBy)}`,
        row.approvedBy && `approved by ${adminName(row.approvedBy)}`,
      ]
        .filter(Boolean)
        .join(' · ')}
    </p>
  );
}
