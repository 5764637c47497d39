import type { Programme } from '@coop/core';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { queryRows } from '../../db/rows';
import { decidePayee, type SkipReason } from './payee-rules';

export interface Candidate {
  accountId: string;
  fullName: string;
  email: string;
  balanceKobo: number;
  bankName: string | null;
  accountNumberLast4: string | null;
}

export type Payee = Candidate & { amountKobo: number };
export type Skipped = Candidate & { reason: SkipReason };

/** Every wallet of the programme with money in it, with what decides whether it is paid; one query. */
export async function payoutCandidates(db: Tx, programme: Programme, minimumKobo: number) {
  const rows = await queryRows<{
    id: string;
    full_name: string;
    email: string;
    status: 'active' | 'suspended' | 'closed';
    balance_kobo: string;
    bank_name: string | null;
    account_number_last4: string | null;
    verified: boolean | null;
    earlier_failed: boolean;
    flagged: boolean;
  }>(
    db,
    sql`select a.id, a.full_name, a.email, a.status, w.balance_kobo, b.bank_name, b.account_number_last4, b.verified,
          exists (select 1 from payouts p where p.account_id = a.id and p.programme = ${programme} and p.status in ('failed', 'reversed')) as earlier_failed,
          exists (select 1 from fraud_flags f where f.account_id = a.id and f.cleared_at is null) as flagged
        from ledger_accounts w
        join accounts a on a.id = w.account_id
        left join bank_details b on b.account_id = a.id
        where w.kind = 'wallet' and w.programme = ${programme} and w.balance_kobo > 0
        order by a.created_at, a.id`,
  );
  const payees: Payee[] = [];
  const skipped: Skipped[] = [];
  for (const r of rows) {
    const candidate: Candidate = {
      accountId: r.id,
      fullName: r.full_name,
      email: r.email,
      balanceKobo: Number(r.balance_kobo),
      bankName: r.bank_name,
      accountNumberLast4: r.account_number_last4,
    };
    const decision = decidePayee(
      {
        balanceKobo: candidate.balanceKobo,
        accountStatus: r.status,
        bank: r.verified === null ? null : { verified: r.verified },
        earlierPayoutFailed: r.earlier_failed,
        flagged: r.flagged,
      },
      minimumKobo,
    );
    if (decision.pay) payees.push({ ...candidate, amountKobo: decision.amountKobo });
    else skipped.push({ ...candidate, reason: decision.reason });
  }
  return { payees, skipped };
}
