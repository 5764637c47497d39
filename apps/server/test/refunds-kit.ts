import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { App } from '../src/app';
import { queryRows } from '../src/db/rows';
import { activate } from './engine-test-kit';

/**
 * Payments seeded straight into the database, as the sandbox and settle-payment would have left them, so a refund
 * test starts at the refund: the sandbox's transaction (success) and our payment, paid with no position.
 */
export async function seedUnplacedPayment(
  app: App,
  account: { id: string; email: string },
  amountKobo = 5_000_000,
) {
  const reference = `rf${randomUUID().replaceAll('-', '').slice(0, 20)}`;
  await app.db
    .execute(sql`insert into sandbox_transactions (reference, email, amount_kobo, currency, status, paid_at)
    values (${reference}, ${account.email}, ${amountKobo}, 'NGN', 'success', now())`);
  await app.db
    .execute(sql`insert into payments (reference, account_id, programme, amount_kobo, status, provider, paid_at, placement, failure_reason)
    values (${reference}, ${account.id}, 'main', ${amountKobo}, 'paid', 'sandbox', now(), 'not_placed', 'Not placed: a Main account has one position. A refund is due.')`);
  return reference;
}

/** A payment that placed a position (activated). */
export async function seedPlacedPayment(app: App, account: { id: string; email: string }) {
  const reference = `rf${randomUUID().replaceAll('-', '').slice(0, 20)}`;
  const placed = await activate(app.db, 'main', account.id, reference);
  const positionId = placed.status === 'placed' ? placed.positionId : null;
  await app.db
    .execute(sql`insert into sandbox_transactions (reference, email, amount_kobo, currency, status, paid_at)
    values (${reference}, ${account.email}, 5000000, 'NGN', 'success', now())`);
  await app.db
    .execute(sql`insert into payments (reference, account_id, programme, amount_kobo, status, provider, paid_at, position_id)
    values (${reference}, ${account.id}, 'main', 5000000, 'paid', 'sandbox', now(), ${positionId})`);
  return reference;
}

/** The ledger's view of a payment's refunds: entries by kind and the balances they moved. */
export async function refundLedger(app: App, reference: string) {
  const entries = await queryRows<{ kind: string; n: number }>(
    app.db,
    sql`select kind, count(*)::int as n from journal_entries where idempotency_key = ${`refund-due:${reference}`}
          or idempotency_key in (select 'refund:' || id from refunds where payment_reference = ${reference}) group by kind order by kind`,
  );
  const [sums] = await queryRows<{ payable: string; settlement: string; unbalanced: number }>(
    app.db,
    sql`select coalesce(sum(l.amount_kobo) filter (where a.kind = 'refunds_payable'), 0) as payable,
               coalesce(sum(l.amount_kobo) filter (where a.kind = 'provider_settlement'), 0) as settlement,
               (select count(*)::int from (select entry_id from journal_lines group by entry_id having sum(amount_kobo) <> 0) x) as unbalanced
        from journal_lines l join ledger_accounts a on a.id = l.ledger_account_id join journal_entries e on e.id = l.entry_id
        where e.idempotency_key = ${`refund-due:${reference}`} or e.idempotency_key in (select 'refund:' || id from refunds where payment_reference = ${reference})`,
  );
  return {
    entries: Object.fromEntries(entries.map((e) => [e.kind, e.n])),
    payableKobo: Number(sums!.payable),
    settlementKobo: Number(sums!.settlement),
    unbalanced: sums!.unbalanced,
  };
}
