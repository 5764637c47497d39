import { lastMonths, monthStart, toNairaString, type Programme } from '@coop/core';
import type { Liabilities, LiabilityHistory } from '@coop/core/contracts';
import type { Db } from '../../db/client';
import { awardLabel } from '../member/award-labels';
import { refundsDueTotals } from '../refunds/refunds-due';
import { awardFigures, goldenCrownDue } from '../engine/award-figures';
import { approvedGrants } from '../grants/grant-figures';
import { ledgerFigures, monthlyFigures } from '../ledger/ledger-figures';

const naira = toNairaString;
const YEAR_MS = 365 * 86_400_000;

/**
 * What the company owes in one programme, read in one snapshot so the figures agree with each other. Each owner
 * answers for its own figures (the ledger, the engine's awards, grants, refunds); this module names no table.
 */
export async function liabilities(db: Db, programme: Programme, now: Date): Promise<Liabilities> {
  return db.transaction(
    async (tx) => {
      const ledger = await ledgerFigures(tx, programme);
      const awards = await awardFigures(tx, programme);
      const grants = await approvedGrants(tx, programme);
      const crown = await goldenCrownDue(tx, programme, new Date(now.getTime() + YEAR_MS));
      const refunds = (await refundsDueTotals(tx))[programme];
      return {
        programme,
        feesReceived: naira(ledger.feesReceivedKobo),
        bonusesCredited: naira(ledger.bonusesCreditedKobo),
        retained: naira(ledger.feesReceivedKobo - ledger.bonusesCreditedKobo),
        paidOut: naira(ledger.paidByTransferKobo + ledger.paidByCashKobo),
        paidByTransfer: naira(ledger.paidByTransferKobo),
        paidByCash: naira(ledger.paidByCashKobo),
        owedNow: naira(ledger.owedNowKobo),
        walletsInCredit: ledger.walletsInCredit,
        reservedInPayoutRuns: naira(ledger.reservedKobo),
        healthFeesPayable: naira(ledger.healthFeesPayableKobo),
        awards: awards.map((a) => ({
          kind: a.kind,
          label: awardLabel(programme, a.kind),
          pendingCount: a.pendingCount,
          pendingValue: naira(a.pendingValueKobo),
          deliveredCount: a.deliveredCount,
          deliveredValue: naira(a.deliveredValueKobo),
        })),
        grantsApproved: { count: grants.count, value: naira(grants.valueKobo) },
        grantsCredited: naira(ledger.grantsCreditedKobo),
        goldenCrownDueNext12Months: { count: crown.count, value: naira(crown.valueKobo) },
        refundsDue: { count: refunds.count, value: naira(refunds.amountKobo) },
        chargebacks: {
          count: ledger.chargebackCount,
          value: naira(ledger.chargebacksKobo),
          loss: naira(ledger.chargebackLossKobo),
        },
        computedAt: now.toISOString(),
      };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/** The last twelve Lagos months, every month present (a quiet month shows zeros, not a gap). */
export async function liabilityHistory(db: Db, programme: Programme, now: Date): Promise<LiabilityHistory> {
  const months = lastMonths(now, 12);
  const rows = await monthlyFigures(db, programme, monthStart(months[0]!));
  return {
    programme,
    months: months.map((month) => {
      const r = rows.find((row) => row.month === month);
      return {
        month,
        feesIn: naira(r?.feesInKobo ?? 0),
        bonusesCredited: naira(r?.bonusesCreditedKobo ?? 0),
        paidOut: naira(r?.paidOutKobo ?? 0),
      };
    }),
  };
}
