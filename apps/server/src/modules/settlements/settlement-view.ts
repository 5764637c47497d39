import { DomainError, toNairaString } from '@coop/core';
import type { SettlementDetail, SettlementList, SettlementSummary } from '@coop/core/contracts';
import type { Tx } from '../../db/client';
import {
  fetchMarks,
  linesOf,
  settlementPage,
  settlementSummary,
  type SettlementSummaryRow,
} from './settlement-store';

function summaryView({
  settlement: s,
  paymentCount,
  tickedByName,
  tickedByEmail,
}: SettlementSummaryRow): SettlementSummary {
  return {
    id: s.id,
    providerSettlementId: s.providerSettlementId,
    status: s.status,
    settlementDate: s.settlementDate.toISOString(),
    paymentCount,
    processed: toNairaString(s.totalProcessedKobo),
    fees: toNairaString(s.totalFeesKobo),
    deductions: toNairaString(s.deductionsKobo),
    refunds: toNairaString(s.oursRefundsKobo),
    chargebacks: toNairaString(s.oursChargebacksKobo),
    total: toNairaString(s.totalAmountKobo),
    oursTotal: toNairaString(s.oursTotalKobo),
    mismatch: s.mismatch,
    mismatchNote: s.mismatchNote,
    tickedAt: s.tickedAt?.toISOString() ?? null,
    tickedBy: s.tickedAt && tickedByEmail ? { fullName: tickedByName ?? '', email: tickedByEmail } : null,
  };
}

/** GET /admin/settlements: a page of settlements, newest first, and when Paystack was last asked. */
export async function settlementList(db: Tx, page: number, pageSize: number): Promise<SettlementList> {
  const [{ rows, total }, marks] = await Promise.all([settlementPage(db, page, pageSize), fetchMarks(db)]);
  return {
    items: rows.map(summaryView),
    page,
    pageSize,
    total,
    lastFetchedAt: marks.fetchedAt?.toISOString() ?? null,
  };
}

/** GET /admin/settlements/:id: one settlement and its lines (payments, then refunds and chargebacks). */
export async function settlementDetail(db: Tx, id: number): Promise<SettlementDetail> {
  const summary = await settlementSummary(db, id);
  if (!summary) throw new DomainError('settlement_unknown', 'There is no settlement with this number.');
  const lines = await linesOf(db, id);
  const order = { payment: 0, refund: 1, chargeback: 2 } as const;
  return {
    settlement: summaryView(summary),
    lines: lines
      .sort((a, b) => order[a.line.kind] - order[b.line.kind] || a.line.id - b.line.id)
      .map(({ line, memberName }) => {
        const netKobo =
          line.kind === 'payment'
            ? (line.amountKobo ?? 0) - (line.feesKobo ?? line.providerFeesKobo ?? 0)
            : -(line.amountKobo ?? 0);
        const naira = (kobo: number | null) => (kobo === null ? null : toNairaString(kobo));
        return {
          kind: line.kind,
          reference: line.reference,
          accountId: line.accountId,
          memberName,
          amount: naira(line.amountKobo),
          fees: naira(line.feesKobo),
          providerAmount: naira(line.providerAmountKobo),
          providerFees: naira(line.providerFeesKobo),
          net: toNairaString(netKobo),
          problem: line.problem,
        };
      }),
  };
}
