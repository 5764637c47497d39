import { toNairaString } from '@coop/core';
import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { queryRows } from '../../db/rows';
import { erasing, isoOrNull as iso, type ErasedMember, type PersonalDataPart } from '../../lib/personal-data';

type When = string | Date | null;

/**
 * Replaces the member's values in the stored provider events (Paystack's payloads name the customer and the
 * bank account) of the references `references` (SQL, a sub-select of references) names. The events themselves stay.
 */
export async function eraseFromProviderEvents(tx: Tx, member: ErasedMember, references: SQL) {
  await tx.execute(sql`update payment_events set payload = ${erasing(member, 'payload', true)}
    where reference in (${references})`);
}

/** The member's payments, kept with their amounts and references; what Paystack sent about them loses the member. */
export const paymentsPersonalData: PersonalDataPart = {
  owner: 'payments',
  async export(tx, { accountId }) {
    const payments = await queryRows<{
      reference: string;
      programme: string;
      amount_kobo: string;
      currency: string;
      status: string;
      provider: string;
      failure_reason: string | null;
      created_at: When;
      paid_at: When;
    }>(
      tx,
      sql`select reference, programme, amount_kobo, currency, status, provider, failure_reason, created_at, paid_at from payments where account_id = ${accountId} order by created_at`,
    );
    return {
      payments: payments.map((p) => ({
        reference: p.reference,
        programme: p.programme,
        amount: toNairaString(Number(p.amount_kobo)),
        currency: p.currency,
        status: p.status,
        provider: p.provider,
        failureReason: p.failure_reason,
        startedAt: iso(p.created_at),
        paidAt: iso(p.paid_at),
      })),
    };
  },
  async historyRows(tx, accountId) {
    const [row] = await queryRows<{ n: number }>(
      tx,
      sql`select count(*)::int as n from payments where account_id = ${accountId}`,
    );
    return row!.n;
  },
  async erase(tx, member) {
    await eraseFromProviderEvents(
      tx,
      member,
      sql`select reference from payments where account_id = ${member.accountId}`,
    );
  },
};
