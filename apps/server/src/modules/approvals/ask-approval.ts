import { formatNaira } from '@coop/core';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { queryRows } from '../../db/rows';
import type { Programme, SignedInAccount } from '../../plugins/auth';
import { HttpError } from '../../plugins/errors';
import { findPromotable } from '../administrators/make-admin';
import { assertRemovable } from '../administrators/remove-admin';
import { findRunByPeriod } from '../payouts/run-queries';
import { accountForConfirmation } from './admin-accounts';
import { requestApproval } from './request-approval';

/**
 * The acts that wait for a second administrator. Each is checked when asked, so the maker hears at once about
 * an unknown member or an empty wallet; the act checks again when it is approved, since things change meanwhile.
 */
const PROGRAMME_NAME: Record<Programme, string> = { main: 'Main', welcomeback: 'Welcome Back' };

/** A cash-out above the threshold. */
export async function askCashOutApproval(
  app: FastifyInstance,
  maker: SignedInAccount,
  input: { programme: Programme; email: string; amountKobo: number; idempotencyKey: string },
) {
  const member = await accountForConfirmation(app.db, input.programme, input.email);
  if (input.amountKobo > member.balanceKobo)
    throw new HttpError(422, `The amount is more than ${member.fullName}'s wallet balance of ${formatNaira(member.balanceKobo)}`, 'insufficient_funds');
  return requestApproval(app, maker, {
    kind: 'cash_out',
    payload: input,
    summary: `cash payout of ${formatNaira(input.amountKobo)} to ${member.fullName} (${PROGRAMME_NAME[input.programme]})`,
    targetAccountId: member.id,
    amountKobo: input.amountKobo,
    idempotencyKey: `cash-out:${input.idempotencyKey}`,
  });
}

export async function askPayoutRunApproval(
  app: FastifyInstance,
  maker: SignedInAccount,
  input: { programme: Programme; period: string; mode: 'transfer' | 'csv'; idempotencyKey?: string },
) {
  if (await findRunByPeriod(app.db, input.programme, input.period))
    throw new HttpError(409, `The ${PROGRAMME_NAME[input.programme]} payout for ${input.period} has already been run. Open it to retry the transfers that did not go through.`, 'run_exists');
  return requestApproval(app, maker, {
    kind: 'payout_run',
    payload: { programme: input.programme, period: input.period, mode: input.mode },
    summary: `run the ${PROGRAMME_NAME[input.programme]} payout of ${input.period} (${input.mode === 'csv' ? 'bank file' : 'bank transfers'})`,
    targetAccountId: null,
    amountKobo: null,
    idempotencyKey: `payout-run:${input.idempotencyKey ?? randomUUID()}`,
  });
}

export async function askGrantApproval(app: FastifyInstance, maker: SignedInAccount, input: { grantId: number; note?: string; idempotencyKey?: string }) {
  const [grant] = await queryRows<{ account_id: string; amount_kobo: string; status: string; full_name: string }>(
    app.db,
    sql`select g.account_id, g.amount_kobo, g.status, a.full_name from grant_applications g join accounts a on a.id = g.account_id where g.id = ${input.grantId}`,
  );
  if (!grant) throw new HttpError(404, 'No grant application with that number.', 'grant_unknown');
  if (grant.status !== 'pending') throw new HttpError(409, `This application was already ${grant.status}.`, 'grant_decided');
  return requestApproval(app, maker, {
    kind: 'grant_approval',
    payload: { grantId: input.grantId, ...(input.note ? { note: input.note } : {}) },
    summary: `approve grant #${input.grantId} of ${formatNaira(Number(grant.amount_kobo))} for ${grant.full_name}`,
    targetAccountId: grant.account_id,
    amountKobo: Number(grant.amount_kobo),
    idempotencyKey: `grant:${input.idempotencyKey ?? randomUUID()}`,
  });
}

export async function askMakeAdminApproval(app: FastifyInstance, maker: SignedInAccount, input: { email: string; idempotencyKey?: string }) {
  const account = await findPromotable(app.db, input.email);
  if (account.role === 'admin') return null;
  return requestApproval(app, maker, {
    kind: 'make_admin',
    payload: { email: input.email },
    summary: `make ${account.fullName} (${input.email}) an administrator`,
    targetAccountId: account.id,
    amountKobo: null,
    idempotencyKey: `make-admin:${input.idempotencyKey ?? randomUUID()}`,
  });
}

export async function askRemoveAdminApproval(app: FastifyInstance, maker: SignedInAccount, input: { email: string; idempotencyKey?: string }) {
  const account = await accountForConfirmation(app.db, 'main', input.email);
  await assertRemovable(app.db, { askedBy: maker.id, accountId: account.id });
  return requestApproval(app, maker, {
    kind: 'remove_admin',
    payload: { accountId: account.id, email: account.email },
    summary: `remove the administrator role of ${account.fullName} (${account.email})`,
    targetAccountId: account.id,
    amountKobo: null,
    idempotencyKey: `remove-admin:${input.idempotencyKey ?? randomUUID()}`,
  });
}
