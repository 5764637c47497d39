import type { Programme } from '@coop/core';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { queryRows } from '../../db/rows';

/* The award entitlements the liabilities view shows, answered by the engine from its own awards table. */

export interface AwardKindFigures {
  kind: string;
  pendingCount: number;
  pendingValueKobo: number;
  deliveredCount: number;
  deliveredValueKobo: number;
}

/** Non-cash award entitlements by kind, valued at the plan: owed (pending) and delivered. */
export async function awardFigures(db: Tx, programme: Programme): Promise<AwardKindFigures[]> {
  const rows = await queryRows<{
    kind: string;
    pending_count: string;
    pending_value: string;
    delivered_count: string;
    delivered_value: string;
  }>(
    db,
    sql`select kind,
          count(*) filter (where status = 'pending') as pending_count,
          coalesce(sum(value_kobo) filter (where status = 'pending'), 0) as pending_value,
          count(*) filter (where status = 'delivered') as delivered_count,
          coalesce(sum(value_kobo) filter (where status = 'delivered'), 0) as delivered_value
        from awards where programme = ${programme} group by kind order by min(stage), kind`,
  );
  return rows.map((r) => ({
    kind: r.kind,
    pendingCount: Number(r.pending_count),
    pendingValueKobo: Number(r.pending_value),
    deliveredCount: Number(r.delivered_count),
    deliveredValueKobo: Number(r.delivered_value),
  }));
}

/** Golden Crown annual instalments not yet delivered that fall due before `horizon` (overdue ones included: still owed). */
export async function goldenCrownDue(db: Tx, programme: Programme, horizon: Date) {
  const [row] = await queryRows<{ n: string; total: string }>(
    db,
    sql`select count(*) as n, coalesce(sum(value_kobo), 0) as total from awards
        where programme = ${programme} and kind = 'golden_crown_annual' and status = 'pending'
          and due_at < ${horizon.toISOString()}::timestamptz`,
  );
  return { count: Number(row!.n), valueKobo: Number(row!.total) };
}
