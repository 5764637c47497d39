import { formatNaira } from '@coop/core';
import type { PaymentProvider } from '../../adapters/payments';
import type {
  ProviderSettlement,
  ProviderSettlementTransaction,
} from '../../adapters/payments/settlement-types';
import type { Db } from '../../db/client';
import { lostDisputesBetween } from '../disputes/settled-chargebacks';
import { paymentsByReferences, type SettledPaymentFacts } from '../payments/settlement-payments';
import { processedRefundsBetween } from '../refunds/settled-refunds';
import {
  fetchMarks,
  findByProviderId,
  previousSettlementEnd,
  saveSettlement,
  touchFetched,
  type SettlementLineValues,
} from './settlement-store';

export interface SettlementDeps {
  db: Db;
  payments: Pick<PaymentProvider, 'listSettlements' | 'settlementTransactions'>;
}

const PAGE_SIZE = 100;
/** Pages read at most per call: 5,000 settlements or charges; past them the rest waits for the next run. */
const MAX_PAGES = 50;
/** The first fetch looks this far back; later ones from a week before the newest settlement (its status may move). */
const FIRST_LOOKBACK_MS = 90 * 86_400_000;
const RELOOK_MS = 7 * 86_400_000;

async function allPages<T>(read: (page: number) => Promise<{ items: T[]; pageCount: number }>) {
  const items: T[] = [];
  for (let page = 1; page <= MAX_PAGES; page += 1) {
    const answer = await read(page);
    items.push(...answer.items);
    if (page >= answer.pageCount) break;
  }
  return items;
}

/** One charge of the settlement beside our payment: what it adds by our records, and why it differs if it does. */
function paymentLine(t: ProviderSettlementTransaction, ours: SettledPaymentFacts | undefined) {
  const line: SettlementLineValues = {
    kind: 'payment',
    reference: t.reference,
    sourceId: t.id,
    providerAmountKobo: t.amountKobo,
    providerFeesKobo: t.feesKobo,
    amountKobo: null,
    feesKobo: null,
    accountId: ours?.accountId ?? null,
    problem: null,
  };
  if (!ours) return { line: { ...line, problem: 'No payment of ours has this reference' }, netKobo: 0 };
  // A payment made before migration 0035 has no charged amount: the fee plus what the customer paid on top.
  const chargedKobo = ours.chargedKobo ?? ours.amountKobo + (ours.customerFeeKobo ?? 0);
  const feesKobo = ours.paystackFeesKobo;
  const problems = [];
  if (ours.status !== 'paid') problems.push(`our payment is ${ours.status}`);
  if (chargedKobo !== t.amountKobo)
    problems.push(`Paystack settled ${formatNaira(t.amountKobo)}, we recorded ${formatNaira(chargedKobo)}`);
  if (feesKobo !== null && t.feesKobo !== null && feesKobo !== t.feesKobo)
    problems.push(`Paystack's fees ${formatNaira(t.feesKobo)}, we recorded ${formatNaira(feesKobo)}`);
  const problem = problems.length > 0 ? problems.join('; ') : null;
  return {
    line: {
      ...line,
      amountKobo: chargedKobo,
      feesKobo,
      problem: problem && problem[0]!.toUpperCase() + problem.slice(1),
    },
    // Our fees unknown (before 0035): Paystack's are taken, so only the charge is compared.
    netKobo: chargedKobo - (feesKobo ?? t.feesKobo ?? 0),
  };
}

/**
 * Records one of Paystack's settlements with our figure beside it: its charges matched to our payments by
 * reference, and the refunds processed and disputes lost in its period (after the settlement before it, up to its
 * creation), as Paystack deducts them. A settlement Paystack has not changed since it was read is only touched.
 * Answers whether it was (re)written and whether it differs from our records.
 */
export async function recordSettlement(deps: SettlementDeps, s: ProviderSettlement, now: Date) {
  const { db } = deps;
  const existing = await findByProviderId(db, s.id);
  if (
    existing &&
    existing.status === s.status &&
    existing.providerUpdatedAt.getTime() === new Date(s.updatedAt).getTime()
  ) {
    await touchFetched(db, existing.id, now);
    return { written: false, mismatch: existing.mismatch };
  }
  const transactions = await allPages(async (page) => {
    const answer = await deps.payments.settlementTransactions(s.id, { page, perPage: PAGE_SIZE });
    return { items: answer.transactions, pageCount: answer.pageCount };
  });
  const createdAt = new Date(s.createdAt);
  const after = (await previousSettlementEnd(db, createdAt)) ?? new Date(0);
  const [ours, refunds, chargebacks] = await Promise.all([
    paymentsByReferences(db, [...new Set(transactions.map((t) => t.reference))]),
    processedRefundsBetween(db, after, createdAt),
    lostDisputesBetween(db, after, createdAt),
  ]);
  const byReference = new Map(ours.map((p) => [p.reference, p]));
  const paymentLines = transactions.map((t) => paymentLine(t, byReference.get(t.reference)));
  const refundsKobo = refunds.reduce((total, r) => total + r.amountKobo, 0);
  const chargebacksKobo = chargebacks.reduce((total, d) => total + d.amountKobo, 0);
  const oursTotalKobo =
    paymentLines.reduce((total, p) => total + p.netKobo, 0) - refundsKobo - chargebacksKobo;

  const notes: string[] = [];
  const listedKobo = transactions.reduce((total, t) => total + t.amountKobo, 0);
  if (listedKobo !== s.totalProcessedKobo)
    notes.push(
      `Paystack's list of its payments adds up to ${formatNaira(listedKobo)}, its settlement to ${formatNaira(s.totalProcessedKobo)}`,
    );
  const unmatched = paymentLines.filter((p) => p.line.problem).length;
  if (unmatched > 0)
    notes.push(`${unmatched} payment${unmatched === 1 ? ' does' : 's do'} not match our records`);
  if (refundsKobo + chargebacksKobo !== s.deductionsKobo)
    notes.push(
      `Paystack deducted ${formatNaira(s.deductionsKobo)}; our refunds and chargebacks of the period come to ${formatNaira(refundsKobo + chargebacksKobo)}`,
    );
  if (oursTotalKobo !== s.totalAmountKobo)
    notes.push(
      `Paystack pays ${formatNaira(s.totalAmountKobo)} to the bank; by our records it should be ${formatNaira(oursTotalKobo)}`,
    );

  const lines: SettlementLineValues[] = [
    ...paymentLines.map((p) => p.line),
    ...refunds.map((r) => ({
      kind: 'refund' as const,
      reference: r.paymentReference,
      sourceId: r.id,
      amountKobo: r.amountKobo,
      accountId: r.accountId,
    })),
    ...chargebacks.map((d) => ({
      kind: 'chargeback' as const,
      reference: d.paymentReference,
      sourceId: d.id,
      amountKobo: d.amountKobo,
      accountId: d.accountId,
    })),
  ];
  await db.transaction(async (tx) =>
    saveSettlement(
      tx,
      {
        providerSettlementId: s.id,
        status: s.status,
        currency: s.currency,
        settlementDate: new Date(s.settlementDate),
        totalProcessedKobo: s.totalProcessedKobo,
        totalFeesKobo: s.totalFeesKobo,
        deductionsKobo: s.deductionsKobo,
        totalAmountKobo: s.totalAmountKobo,
        effectiveAmountKobo: s.effectiveAmountKobo,
        providerCreatedAt: createdAt,
        providerUpdatedAt: new Date(s.updatedAt),
        oursTotalKobo,
        oursRefundsKobo: refundsKobo,
        oursChargebacksKobo: chargebacksKobo,
        mismatch: notes.length > 0,
        mismatchNote: notes.length > 0 ? `${notes.join('. ')}.` : null,
        fetchedAt: now,
      },
      lines,
    ),
  );
  return { written: true, mismatch: notes.length > 0 };
}

/**
 * Asks Paystack for its settlements since a while before the newest we hold (or the last 90 days) and records
 * each, oldest first so each period starts where the one before ended. Safe to run again: an unchanged settlement
 * is only touched. Answers how many Paystack listed, how many were (re)written and how many of those differ.
 */
export async function fetchSettlements(deps: SettlementDeps, now: Date) {
  const { newest } = await fetchMarks(deps.db);
  const from = newest ? new Date(newest.getTime() - RELOOK_MS) : new Date(now.getTime() - FIRST_LOOKBACK_MS);
  const listed = await allPages(async (page) => {
    const answer = await deps.payments.listSettlements({ from, to: now, page, perPage: PAGE_SIZE });
    return { items: answer.settlements, pageCount: answer.pageCount };
  });
  listed.sort((a, b) => new Date(a.createdAt).getTime() - new Date(b.createdAt).getTime() || a.id - b.id);
  let changed = 0;
  let mismatched = 0;
  for (const settlement of listed) {
    const recorded = await recordSettlement(deps, settlement, now);
    if (recorded.written) changed += 1;
    if (recorded.written && recorded.mismatch) mismatched += 1;
  }
  return { fetched: listed.length, changed, mismatched };
}
