import { toNairaString } from '@coop/core';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { queryRows } from '../../db/rows';
import { accountEmail, accountName, adminNameOf } from '../accounts/account-sql';
import type { MemberRecordParts } from '../member-review/member-record-parts';

/** The member record's cash payouts, newest first, with the administrator who recorded each. */
export async function cashOutsForRecord(db: Tx, accountId: string): Promise<MemberRecordParts['cashOuts']> {
  const rows = await queryRows<{
    id: string;
    amount_kobo: string;
    by: string | null;
    by_email: string | null;
    created_at: string | Date;
  }>(
    db,
    sql`select c.id, c.amount_kobo, ${accountName(sql`c.created_by`)} as by,
          ${accountEmail(sql`c.created_by`)} as by_email, c.created_at from cash_outs c where c.account_id = ${accountId} order by c.id desc`,
  );
  return rows.map((c) => ({
    id: Number(c.id),
    amount: toNairaString(Number(c.amount_kobo)),
    by: adminNameOf(c.by, c.by_email),
    createdAt: new Date(c.created_at).toISOString(),
  }));
}
