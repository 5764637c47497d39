import { toNairaString } from '@coop/core';
import type { RunPayout, RunSummary } from './run-queries';

/** Answers in the API's money format (naira strings) and ISO dates. */
export const runSummaryView = (r: RunSummary) => ({
  id: r.id,
  programme: r.programme,
  period: r.period,
  mode: r.mode,
  status: r.status,
  createdBy: r.createdBy,
  approvedBy: r.approvedBy,
  createdAt: r.createdAt.toISOString(),
  completedAt: r.completedAt?.toISOString() ?? null,
  payoutCount: r.payoutCount,
  total: toNairaString(r.totalKobo),
  paid: toNairaString(r.paidKobo),
  counts: r.counts,
});

export const runPayoutView = ({ amountKobo, updatedAt, ...p }: RunPayout) => ({
  ...p,
  amount: toNairaString(amountKobo),
  updatedAt: updatedAt.toISOString(),
});
