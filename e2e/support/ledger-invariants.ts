import { createHmac } from 'node:crypto';

/** Runs one SQL statement and returns its rows (node-postgres or PGlite behind it). */
export type Query = (text: string) => Promise<Array<Record<string, unknown>>>;

/**
 * What must hold after any burst, crash or race (decision 0015): each paid payment placed exactly one position,
 * no journal entry is half written, every ledger account's balance row equals its lines, no wallet below zero.
 * Returns the broken rows by name; all empty when the platform is sound.
 */
export async function ledgerViolations(query: Query) {
  return {
    paymentsNotPlacedOnce: await query(`
      select p.reference, count(pos.id)::int as positions from payments p left join positions pos on pos.payment_reference = p.reference
      where p.status = 'paid' group by p.reference having count(pos.id) <> 1`),
    positionsWithoutPaidPayment: await query(`
      select pos.id, pos.payment_reference from positions pos left join payments p on p.reference = pos.payment_reference
      where pos.account_id is not null and (p.status is distinct from 'paid')`),
    halfWrittenEntries: await query(`
      select e.id, count(l.id)::int as lines, coalesce(sum(l.amount_kobo), 0)::text as total
      from journal_entries e left join journal_lines l on l.entry_id = e.id
      group by e.id having count(l.id) < 2 or coalesce(sum(l.amount_kobo), 0) <> 0`),
    balanceRowsUnlikeLines: await query(`
      select a.key from ledger_accounts a left join journal_lines l on l.ledger_account_id = a.id group by a.id
      having a.balance_kobo <> coalesce(sum(l.amount_kobo), 0)
        or a.debits_posted_kobo <> coalesce(sum(-l.amount_kobo) filter (where l.amount_kobo < 0), 0)
        or a.credits_posted_kobo <> coalesce(sum(l.amount_kobo) filter (where l.amount_kobo > 0), 0)
        or a.lines_posted <> count(l.id)`),
    negativeWallets: await query(
      `select key from ledger_accounts where kind = 'wallet' and balance_kobo < 0`,
    ),
  };
}

export const noViolations = {
  paymentsNotPlacedOnce: [],
  positionsWithoutPaidPayment: [],
  halfWrittenEntries: [],
  balanceRowsUnlikeLines: [],
  negativeWallets: [],
};

/** The sandbox's fixed test key (apps/server/src/adapters/payments): it opens nothing real. */
export const SANDBOX_SECRET_KEY = 'sk_test_sandbox0000000000000000000000000000';

/** The charge.success webhook the sandbox sent for `reference`, rebuilt from its verify answer and signed as Paystack signs. */
export async function chargeSuccessWebhook(sandboxBase: string, reference: string) {
  const res = await fetch(`${sandboxBase}/sandbox/paystack/transaction/verify/${reference}`, {
    headers: { authorization: `Bearer ${SANDBOX_SECRET_KEY}` },
  });
  if (!res.ok) throw new Error(`verify ${reference} answered ${res.status}`);
  const { data } = (await res.json()) as { data: unknown };
  const body = JSON.stringify({ event: 'charge.success', data });
  return { body, signature: createHmac('sha512', SANDBOX_SECRET_KEY).update(body).digest('hex') };
}

export async function postWebhook(baseURL: string, webhook: { body: string; signature: string }) {
  const res = await fetch(`${baseURL}/api/webhooks/paystack`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-paystack-signature': webhook.signature },
    body: webhook.body,
  });
  return res.status;
}
