import { and, asc, eq, isNull, like } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Db, Tx } from '../../db/client';
import { paymentEvents } from '../../db/schema';

/**
 * Paystack's events, as the webhook stored them (payment_events, owned here). The webhook knows no kind of event:
 * each module registers the events it owns (a charge: payments; a transfer: payouts; a dispute: disputes; a
 * refund: refunds), and the webhook hands a stored event to whichever registered it.
 */
export interface StoredProviderEvent {
  id: number;
  event: string;
  reference: string | null;
  payload: Record<string, unknown>;
}

/** Work started once the webhook is answered: a name for the logs and shutdown, and the work. */
export interface AfterAnswer {
  name: string;
  run(): Promise<unknown>;
}

export interface ProviderEventHandler {
  /** Paystack's name of the events handled: whole ('charge.success') or, ending in a dot, their start ('transfer.'). */
  events: string;
  /** What to do after the webhook's answer; null: nothing (the event is only kept). */
  received(event: StoredProviderEvent, log: FastifyBaseLogger): AfterAnswer | null;
}

const takes = (events: string, name: string) =>
  events.endsWith('.') ? name.startsWith(events) : name === events;

/** The handlers of this app; each module adds its own when its routes are registered. */
export class ProviderEvents {
  private readonly handlers: ProviderEventHandler[] = [];

  add(handler: ProviderEventHandler) {
    // Two owners for one event would apply it twice, or each half of the time: refused when the app is built.
    const other = this.handlers.find(
      (h) => takes(h.events, handler.events) || takes(handler.events, h.events),
    );
    if (other)
      throw new Error(`the provider events ${handler.events} are registered twice (${other.events})`);
    this.handlers.push(handler);
  }

  /** The handler of an event, or undefined for an event no module takes (it is kept, for support and replay). */
  of(event: string) {
    return this.handlers.find((h) => takes(h.events, event));
  }
}

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
): Promise<StoredProviderEvent> {
  const [row] = await db
    .insert(paymentEvents)
    .values({ event, reference, payload: masked(payload) })
    .returning({
      id: paymentEvents.id,
      event: paymentEvents.event,
      reference: paymentEvents.reference,
      payload: paymentEvents.payload,
    });
  return row as StoredProviderEvent;
}

/** A kind of event applied from its stored row, which is its queue (see applyStoredEvents). */
export interface StoredEventKind {
  /** 'transfer': its job is transfer-events, its work after a webhook "transfer event <id>". */
  name: string;
  /** The start of the kind's event names, ending in a dot ('transfer.'). */
  events: `${string}.`;
  /**
   * Applies one event. It may call `markApplied` with the transaction its change commits in, so the event is
   * marked in that same commit; otherwise the loop marks it once apply has returned. Throws when it cannot be
   * applied now (the provider cannot be asked): nothing is marked and the job's next run tries again.
   */
  apply(event: StoredProviderEvent, markApplied: (tx: Tx) => Promise<void>): Promise<unknown>;
  /** Logged, with the event's id, when apply throws. */
  notApplied: string;
}

const BATCH = 50;

/**
 * Applies a kind's stored events not processed yet, oldest first (all of them, or the one just received). The
 * event row, written before the webhook was answered, is the queue: a process that dies after answering leaves it
 * unprocessed and the job's next run applies it. Each kind's apply is idempotent (rows locked, ledger keys, the
 * event's digest), so an event applied twice by two instances, or before a crash that kept processed_at unset,
 * changes things once.
 */
export async function applyStoredEvents(
  { db, log }: { db: Db; log: FastifyBaseLogger },
  kind: StoredEventKind,
  onlyId?: number,
) {
  const due = await db
    .select({
      id: paymentEvents.id,
      event: paymentEvents.event,
      reference: paymentEvents.reference,
      payload: paymentEvents.payload,
    })
    .from(paymentEvents)
    .where(
      and(
        isNull(paymentEvents.processedAt),
        like(paymentEvents.event, `${kind.events}%`),
        onlyId === undefined ? undefined : eq(paymentEvents.id, onlyId),
      ),
    )
    .orderBy(asc(paymentEvents.id))
    .limit(BATCH);
  let applied = 0;
  for (const row of due) {
    let marked = false;
    const markApplied = async (tx: Tx) => {
      await tx
        .update(paymentEvents)
        .set({ processedAt: new Date() })
        .where(and(eq(paymentEvents.id, row.id), isNull(paymentEvents.processedAt)));
      marked = true;
    };
    try {
      await kind.apply(row as StoredProviderEvent, markApplied);
    } catch (error) {
      log.warn({ err: error, eventId: row.id }, kind.notApplied);
      continue;
    }
    if (!marked) await markApplied(db);
    applied += 1;
  }
  return { applied, waiting: due.length - applied };
}

/**
 * Registers a kind applied from its stored rows: at once after the webhook's answer, and by its job (every
 * minute, on one instance) for what a process that died in between left.
 */
export function addStoredEventKind(app: FastifyInstance, kind: StoredEventKind, everyMs = 60_000) {
  app.jobs.add({ name: `${kind.name}-events`, everyMs, run: () => applyStoredEvents(app, kind) });
  app.providerEvents.add({
    events: kind.events,
    received: (event) => ({
      name: `${kind.name} event ${event.id}`,
      run: () => applyStoredEvents(app, kind, event.id),
    }),
  });
}
