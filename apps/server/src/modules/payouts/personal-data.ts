import { toNairaString } from '@coop/core';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/rows';
import { isoOrNull as iso, type PersonalDataPart } from '../../lib/personal-data';
import { eraseFromProviderEvents } from '../payments/personal-data';

type When = string | Date | null;
const naira = (kobo: string | number) => toNairaString(Number(kobo));

/**
 * The member's payouts and each attempt at them. A payout in flight defers erasure; on erasure they keep amounts,
 * references and dates, and lose the bank's name and the account number's last digits.
 */
export const payoutsPersonalData: PersonalDataPart = {
  owner: 'payouts',
  async export(tx, { accountId }) {
    const payouts = await queryRows<{
      id: string;
      reference: string;
      amount_kobo: string;
      status: string;
      attempt: number;
      bank_name: string;
      account_number_last4: string;
      failure_reason: string | null;
      released_reason: string | null;
      created_at: When;
      updated_at: When;
    }>(
      tx,
      sql`select id, reference, amount_kobo, status, attempt, bank_name, account_number_last4, failure_reason, released_reason, created_at, updated_at from payouts where account_id = ${accountId} order by id`,
    );
    const attempts = await queryRows<{
      payout_id: string;
      attempt: number;
      reference: string;
      amount_kobo: string;
      status: string;
      failure_reason: string | null;
      bank_name: string;
      account_number_last4: string;
      created_at: When;
    }>(
      tx,
      sql`select t.payout_id, t.attempt, t.reference, t.amount_kobo, t.status, t.failure_reason, t.bank_name, t.account_number_last4, t.created_at
        from payout_attempts t join payouts p on p.id = t.payout_id where p.account_id = ${accountId} order by t.id`,
    );
    return {
      payouts: payouts.map((p) => ({
        reference: p.reference,
        amount: naira(p.amount_kobo),
        status: p.status,
        bankName: p.bank_name,
        accountNumberLast4: p.account_number_last4,
        failureReason: p.failure_reason,
        releasedReason: p.released_reason,
        createdAt: iso(p.created_at),
        updatedAt: iso(p.updated_at),
        attempts: attempts
          .filter((a) => a.payout_id === p.id)
          .map((a) => ({
            attempt: a.attempt,
            reference: a.reference,
            amount: naira(a.amount_kobo),
            status: a.status,
            failureReason: a.failure_reason,
            bankName: a.bank_name,
            accountNumberLast4: a.account_number_last4,
            at: iso(a.created_at),
          })),
      })),
    };
  },
  holds: [
    {
      value: (accountId) =>
        sql`(select count(*) from payouts where account_id = ${accountId} and status in ('reserved', 'processing'))`,
      blocker: (n) => (Number(n) > 0 ? 'A payout to this member is still in progress.' : null),
    },
  ],
  async erase(tx, member) {
    const { accountId } = member;
    await eraseFromProviderEvents(
      tx,
      member,
      sql`select reference from payouts where account_id = ${accountId}
          union select t.reference from payout_attempts t join payouts p on p.id = t.payout_id where p.account_id = ${accountId}`,
    );
    await tx.execute(
      sql`update payouts set bank_name = '', account_number_last4 = '' where account_id = ${accountId}`,
    );
    await tx.execute(sql`update payout_attempts set bank_name = '', account_number_last4 = ''
    where payout_id in (select id from payouts where account_id = ${accountId})`);
  },
};
