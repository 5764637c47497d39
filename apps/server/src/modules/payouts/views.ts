import { toNairaString } from '@coop/core';
import type { TransferAttempt } from './attempt-trail';
import type { Batch } from './bank-file-batches';
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

export const transferAttemptView = (a: TransferAttempt) => ({
  attempt: a.attempt,
  reference: a.reference,
  amount: toNairaString(a.amountKobo),
  status: a.status,
  failureReason: a.failureReason,
  bankName: a.bankName,
  accountNumberLast4: a.accountNumberLast4,
  at: a.at.toISOString(),
});

/** A payout with its earlier attempts (from transferAttempts of its run). */
export const runPayoutView = ({ amountKobo, updatedAt, ...p }: RunPayout, attempts: TransferAttempt[]) => ({
  ...p,
  amount: toNairaString(amountKobo),
  updatedAt: updatedAt.toISOString(),
  earlierAttempts: attempts.filter((a) => a.payoutId === p.id && !a.current).map(transferAttemptView),
});

export const batchView = (b: Batch) => ({
  id: b.id,
  status: b.status,
  paymentCount: b.paymentCount,
  total: toNairaString(b.totalKobo),
  paid: toNairaString(b.paidKobo),
  createdBy: b.createdBy,
  createdAt: b.createdAt.toISOString(),
  recordedBy: b.recordedBy,
  recordedApprovedBy: b.recordedApprovedBy,
  recordedAt: b.recordedAt?.toISOString() ?? null,
  pendingRecordApprovalId: b.pendingRecordApprovalId,
  pendingReversalApprovalId: b.pendingReversalApprovalId,
  items: b.items.map(({ amountKobo, reversedAt, ...i }) => ({
    ...i,
    amount: toNairaString(amountKobo),
    reversedAt: reversedAt?.toISOString() ?? null,
  })),
});
