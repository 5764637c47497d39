import type { FastifyInstance } from 'fastify';
import type { Db, Tx } from '../../db/client';
import { queryRows } from '../../db/rows';
import { sql } from 'drizzle-orm';
import type { Programme, SignedInAccount } from '../../plugins/auth';
import { removeAdministrator } from '../administrators/remove-admin';
import { makeAdministrator } from '../administrators/make-admin';
import { recordCashOut } from '../cash-outs/record-cash-out';
import { decideGrant } from '../grants/grant-service';
import { payoutDeps } from '../payouts/payout-deps';
import { startPayoutRun } from '../payouts/run-payout';
import type { ApprovalKind } from './approval-store';

/** What each kind of request carries; the payload is written when the maker asks and read when the checker approves. */
export interface ApprovalPayloads {
  cash_out: { programme: Programme; email: string; amountKobo: number; idempotencyKey: string };
  payout_run: { programme: Programme; period: string; mode: 'transfer' | 'csv' };
  grant_approval: { grantId: number; note?: string };
  make_admin: { email: string };
  remove_admin: { accountId: string; email: string };
}

export interface ActionContext {
  app: FastifyInstance;
  maker: SignedInAccount;
  checkerId: string;
}

/**
 * Acts whose whole effect is database writes run inside the approval's own transaction (a savepoint), so the
 * approval and the act commit together or not at all. A payout run calls the bank after its reservations
 * commit, so it runs after the approval is committed and relies on its own once-per-month key.
 */
export const runsInApprovalTransaction: Record<ApprovalKind, boolean> = {
  cash_out: true,
  payout_run: false,
  grant_approval: true,
  make_admin: true,
  remove_admin: true,
};

// A transaction is a database handle too (its own transaction() opens a savepoint); the services take the handle.
const handle = (tx: Tx) => tx as Db;

export async function executeApproved<K extends ApprovalKind>(
  kind: K,
  payload: ApprovalPayloads[K],
  context: ActionContext,
  tx: Tx,
): Promise<Record<string, unknown>> {
  const { app, maker } = context;
  switch (kind) {
    case 'cash_out': {
      const p = payload as ApprovalPayloads['cash_out'];
      // The maker paid the cash, so the cash-out is recorded in their name, under the key of their form submission.
      const cashOut = await recordCashOut(handle(tx), maker, p);
      return { cashOutId: cashOut.id, replayed: cashOut.replayed };
    }
    case 'payout_run': {
      const p = payload as ApprovalPayloads['payout_run'];
      const progress = await startPayoutRun(payoutDeps(app), { ...p, adminId: maker.id });
      return { runId: progress.runId, reserved: progress.reserved };
    }
    case 'grant_approval': {
      const p = payload as ApprovalPayloads['grant_approval'];
      const grant = await decideGrant(handle(tx), maker.id, p.grantId, { decision: 'approved', note: p.note });
      return { grantId: grant.id };
    }
    case 'make_admin': {
      const p = payload as ApprovalPayloads['make_admin'];
      const made = await makeAdministrator(handle(tx), maker.id, p.email);
      return { accountId: made.accountId, changed: made.changed };
    }
    case 'remove_admin': {
      const p = payload as ApprovalPayloads['remove_admin'];
      await removeAdministrator(tx, { makerId: maker.id, checkerId: context.checkerId, accountId: p.accountId });
      return { accountId: p.accountId };
    }
  }
  throw new Error(`unknown approval kind ${String(kind)}`);
}

/** The maker as the services expect a signed-in administrator. */
export async function makerAccount(tx: Tx, makerId: string): Promise<SignedInAccount> {
  const [row] = await queryRows<{ id: string; email: string; full_name: string }>(tx, sql`select id, email, full_name from accounts where id = ${makerId}`);
  return { id: row!.id, programme: 'main', role: 'admin', email: row!.email, fullName: row!.full_name, sessionId: '' };
}
