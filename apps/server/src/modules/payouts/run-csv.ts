import { toNairaString } from '@coop/core';
import { stringify } from 'csv-stringify/sync';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/rows';
import { HttpError } from '../../plugins/errors';
import { csvCell as cell } from '../../lib/csv-cell';
import { recordAudit } from '../audit/record-audit';

/**
 * The run as a file for the bank, with the full account numbers the bank needs: only an administrator gets
 * it, and each download is written to the audit log in the same transaction that reads the numbers.
 */
export async function runCsv(db: Db, runId: number, adminId: string, reasonPrefix: string) {
  return db.transaction(async (tx) => {
    const [run] = await queryRows<{ programme: string; period: string }>(
      tx,
      sql`select programme, period from payout_runs where id = ${runId}`,
    );
    if (!run) throw new HttpError(404, 'There is no such payout run', 'run_not_found');
    const rows = await queryRows<{
      id: string;
      reference: string;
      amount_kobo: string;
      status: string;
      last4: string;
      account_name: string | null;
      account_number: string | null;
      bank_code: string | null;
      bank_name: string;
    }>(
      tx,
      sql`select p.id, p.reference, p.amount_kobo, p.status, p.account_number_last4 as last4,
            coalesce(b.resolved_account_name, b.account_name) as account_name, b.account_number, b.bank_code, p.bank_name
          from payouts p left join bank_details b on b.account_id = p.account_id
          where p.run_id = ${runId} order by p.id`,
    );
    await recordAudit(tx, {
      actorAccountId: adminId,
      action: 'payout_csv_download',
      details: { runId, rows: rows.length },
    });
    const records = rows.map((r) => {
      // The file pays the account the payout was reserved for; changed details are flagged, not silently used.
      const same = r.account_number !== null && r.account_number.endsWith(r.last4);
      return [
        r.reference,
        cell(r.account_name ?? ''),
        same ? r.account_number! : '',
        same ? (r.bank_code ?? '') : '',
        cell(r.bank_name),
        toNairaString(Number(r.amount_kobo)),
        `${reasonPrefix} ${run.period}`,
        r.status,
        same ? '' : `Bank details changed after the run (was ****${r.last4}): check with the member`,
      ];
    });
    const csv = stringify(records, {
      header: true,
      columns: [
        'Reference',
        'Beneficiary name',
        'Account number',
        'Bank code',
        'Bank name',
        'Amount (NGN)',
        'Narration',
        'Status',
        'Note',
      ],
    });
    return { filename: `payout-${run.programme}-${run.period}.csv`, csv };
  });
}
