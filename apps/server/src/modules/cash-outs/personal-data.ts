import { toNairaString } from '@coop/core';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/rows';
import { isoOrNull as iso, type PersonalDataPart } from '../../lib/personal-data';

/** The wallet money the member took in cash at the office. */
export const cashOutsPersonalData: PersonalDataPart = {
  owner: 'cash-outs',
  async export(tx, { accountId }) {
    const cashOuts = await queryRows<{ amount_kobo: string; created_at: string | Date | null }>(
      tx,
      sql`select amount_kobo, created_at from cash_outs where account_id = ${accountId} order by id`,
    );
    return {
      cashPayouts: cashOuts.map((c) => ({
        amount: toNairaString(Number(c.amount_kobo)),
        at: iso(c.created_at),
      })),
    };
  },
};
