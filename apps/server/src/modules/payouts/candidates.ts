import type { Programme } from '@coop/core';
import type { Tx } from '../../db/client';
import { payeeFacts, walletsWithMoney } from './payee-query';
import { decidePayee, type SkipReason } from './payee-rules';

export interface Candidate {
  accountId: string;
  fullName: string;
  email: string;
  balanceKobo: number;
  bankName: string | null;
  accountNumberLast4: string | null;
  /** When the member saved the bank details (ISO), to see at approval whether they changed since. */
  bankSavedAt: string | null;
}

export type Payee = Candidate & { amountKobo: number };
export type Skipped = Candidate & { reason: SkipReason };

/** Every wallet of the programme with money in it, paid or left out with the reason. */
export async function payoutCandidates(db: Tx, programme: Programme, minimumKobo: number) {
  const rows = await walletsWithMoney(db, programme);
  const payees: Payee[] = [];
  const skipped: Skipped[] = [];
  for (const r of rows) {
    const candidate: Candidate = {
      accountId: r.account_id,
      fullName: r.full_name,
      email: r.email,
      balanceKobo: Number(r.balance_kobo),
      bankName: r.bank_name,
      accountNumberLast4: r.account_number_last4,
      bankSavedAt: r.bank_saved_at ? new Date(r.bank_saved_at).toISOString() : null,
    };
    const decision = decidePayee(payeeFacts(r, candidate.balanceKobo), minimumKobo);
    if (decision.pay) payees.push({ ...candidate, amountKobo: decision.amountKobo });
    else skipped.push({ ...candidate, reason: decision.reason });
  }
  return { payees, skipped };
}
