import type { Tx } from '../../db/client';
import { paymentEvents } from '../../db/schema';

/** A transfer event names the recipient's full account number: only the last 4 digits are kept. */
function masked(payload: Record<string, unknown>): Record<string, unknown> {
  return JSON.parse(JSON.stringify(payload), (key, value: unknown) =>
    key === 'account_number' && typeof value === 'string' ? `******${value.slice(-4)}` : value,
  ) as Record<string, unknown>;
}

/** Every event whose signature checked out is kept as received (less full account numbers), for support and replay. */
export async function storePaymentEvent(
  db: Tx,
  event: string,
  reference: string | null,
  payload: Record<string, unknown>,
) {
  const [row] = await db
    .insert(paymentEvents)
    .values({ event, reference, payload: masked(payload) })
    .returning({ id: paymentEvents.id });
  return row!;
}
