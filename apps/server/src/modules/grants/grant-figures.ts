import type { Programme } from '@coop/core';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { queryRows } from '../../db/rows';
import { accountColumnsJoin } from '../accounts/account-sql';

/** For the liabilities view: grants an administrator approved (each credits the member's Main wallet when approved, so what is unpaid is inside owed now). */
export async function approvedGrants(db: Tx, programme: Programme) {
  const [row] = await queryRows<{ n: string; total: string }>(
    db,
    sql`select count(*) as n, coalesce(sum(g.amount_kobo), 0) as total
        from grant_applications g ${accountColumnsJoin('a', sql`g.account_id`, ['programme'])}
        where g.status = 'approved' and a.programme = ${programme}`,
  );
  return { count: Number(row!.n), valueKobo: Number(row!.total) };
}
