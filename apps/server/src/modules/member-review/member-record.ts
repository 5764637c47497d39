import { transferAttempts } from '../payouts/attempt-trail';
import { sql } from 'drizzle-orm';
import {
  closureMoneyText,
  closureReasons,
  maskAccountNumber,
  toNairaString,
  type ClosureReason,
  type Programme,
} from '@coop/core';
import type { MemberRecord } from '@coop/core/contracts';
import type { Tx } from '../../db/client';
import { queryRows } from '../../db/rows';
import { dashboard } from '../member/dashboard';
import { walletLines } from '../ledger/queries';
import { walletLineReason } from '../member/wallet-history';
import { refundView } from '../refunds/refund-overview';
import { refundsOfAccount } from '../refunds/refund-store';
import { auditTrailOf } from '../audit/audit-reads';
import { flagsOf } from './flag-review';

type When = string | Date;
const iso = (value: When) => new Date(value).toISOString();
const isoOrNull = (value: When | null) => (value === null ? null : iso(value));
const naira = (kobo: string | number) => toNairaString(Number(kobo));

/** When, and for a closure by an administrator why, and what becomes of the money (paid, or held for the reason). */
function closureOf(
  status: string,
  requestedAt: When | null,
  confirmedAt: When | null,
  history: { to_status: string; reason: string }[],
) {
  const closing = history.find((h) => h.to_status === 'closed');
  const reason =
    closing && (closureReasons as readonly string[]).includes(closing.reason)
      ? (closing.reason as ClosureReason)
      : null;
  const money =
    status !== 'closed'
      ? null
      : reason
        ? closureMoneyText(reason)
        : 'Closed at the member’s request: the wallet balance is paid on the next monthly payout, and pending awards are still delivered as they fall due.';
  return { requestedAt: isoOrNull(requestedAt), confirmedAt: isoOrNull(confirmedAt), reason, money };
}

/** Enough for any member's history on one page: a wallet gets a few lines a month. */
const WALLET_LINES = 1000;

/**
 * Everything the platform knows about one account, for an administrator: each part read from where it is
 * kept (the account, the ledger, the matrix, the payments, the audit log), never copied. The bank account
 * number leaves the server masked.
 */
export async function memberRecord(db: Tx, accountId: string): Promise<MemberRecord | null> {
  const [a] = await queryRows<{
    id: string;
    programme: Programme;
    role: 'user' | 'admin';
    full_name: string;
    email: string;
    email_confirmed_at: When | null;
    phone: string;
    address: string;
    referral_code: string;
    created_at: When;
    status: 'active' | 'suspended' | 'closed';
    closure_requested_at: When | null;
    closure_confirmed_at: When | null;
    sponsor_id: string | null;
    sponsor_name: string | null;
    sponsor_email: string | null;
    last_sign_in_at: When | null;
    pending_email: string | null;
    pending_requested_at: When | null;
    pending_expires_at: When | null;
  }>(
    db,
    sql`select a.id, a.programme, a.role, a.full_name, a.email, a.email_confirmed_at, a.phone, a.address, a.referral_code, a.created_at,
               a.status, a.closure_requested_at, a.closure_confirmed_at, s.id as sponsor_id, s.full_name as sponsor_name, s.email as sponsor_email,
               (select max(created_at) from sessions where account_id = a.id) as last_sign_in_at,
               e.new_email as pending_email, e.created_at as pending_requested_at, e.expires_at as pending_expires_at
        from accounts a left join accounts s on s.id = a.sponsor_account_id
        left join email_changes e on e.account_id = a.id and e.confirmed_at is null and e.cancelled_at is null and e.expires_at > now()
        where a.id = ${accountId}`,
  );
  if (!a) return null;
  const figures = await dashboard(db, accountId, a.programme);
  const [history, referrals, payments, bank, grants, payouts, cashOuts, audit, flags, refunds] =
    await Promise.all([
      queryRows<{
        from_status: string;
        to_status: string;
        reason: string;
        note: string;
        by: string | null;
        created_at: When;
      }>(
        db,
        sql`select c.from_status, c.to_status, c.reason, c.note, b.full_name as by, c.created_at
          from account_status_changes c left join accounts b on b.id = c.actor_account_id where c.account_id = ${accountId} order by c.id desc`,
      ),
      queryRows<{ id: string; full_name: string; email: string; paid: boolean }>(
        db,
        sql`select r.id, r.full_name, r.email, exists (select 1 from positions p where p.account_id = r.id) as paid
          from accounts r where r.sponsor_account_id = ${accountId} order by r.created_at, r.id`,
      ),
      queryRows<{
        reference: string;
        amount_kobo: string;
        status: string;
        failure_reason: string | null;
        paid_at: When | null;
        created_at: When;
      }>(
        db,
        sql`select reference, amount_kobo, status, failure_reason, paid_at, created_at from payments where account_id = ${accountId} order by created_at desc`,
      ),
      queryRows<{
        bank_name: string;
        account_name: string;
        account_number_last4: string;
        verified: boolean;
        resolved_account_name: string | null;
        updated_at: When;
      }>(
        db,
        sql`select bank_name, account_name, account_number_last4, verified, resolved_account_name, updated_at from bank_details where account_id = ${accountId}`,
      ),
      queryRows<{
        id: string;
        amount_kobo: string;
        purpose: string;
        status: string;
        decision_note: string | null;
        created_at: When;
      }>(
        db,
        sql`select id, amount_kobo, purpose, status, decision_note, created_at from grant_applications where account_id = ${accountId} order by id desc`,
      ),
      // Every transfer attempt, a failed one and its retry apart, so each line of the bank statement has its row.
      transferAttempts(db, { accountId }),
      queryRows<{ id: string; amount_kobo: string; by: string | null; created_at: When }>(
        db,
        sql`select c.id, c.amount_kobo, b.full_name as by, c.created_at from cash_outs c left join accounts b on b.id = c.created_by where c.account_id = ${accountId} order by c.id desc`,
      ),
      auditTrailOf(db, accountId, (actorId) => sql`(select email from accounts where id = ${actorId})`),
      flagsOf(db, accountId),
      refundsOfAccount(db, accountId),
    ]);
  const wallet = await walletLines(db, accountId, { limit: WALLET_LINES, offset: 0 });
  const b = bank[0];
  return {
    id: a.id,
    programme: a.programme,
    role: a.role,
    fullName: a.full_name,
    email: a.email,
    emailConfirmed: a.email_confirmed_at !== null,
    pendingEmail: a.pending_email
      ? {
          email: a.pending_email,
          requestedAt: iso(a.pending_requested_at!),
          expiresAt: iso(a.pending_expires_at!),
        }
      : null,
    phone: a.phone,
    address: a.address,
    referralCode: a.referral_code,
    createdAt: iso(a.created_at),
    lastSignInAt: isoOrNull(a.last_sign_in_at),
    status: a.status,
    statusHistory: history.map((h) => ({
      fromStatus: h.from_status,
      toStatus: h.to_status,
      reason: h.reason,
      note: h.note,
      by: h.by,
      createdAt: iso(h.created_at),
    })),
    sponsor: a.sponsor_id
      ? { id: a.sponsor_id, fullName: a.sponsor_name ?? '', email: a.sponsor_email ?? '' }
      : null,
    directReferrals: referrals.map((r) => ({
      id: r.id,
      fullName: r.full_name,
      email: r.email,
      paid: r.paid,
    })),
    paid: figures?.paid ?? false,
    stage: figures?.paid ? figures.stage : null,
    stageName: figures?.paid ? figures.stageName : null,
    progress: figures?.progress ?? null,
    wallet: figures?.wallet ?? naira(0),
    // An administrator sees the full name of the person a referral bonus came from.
    walletLines: wallet.items.map((l) => {
      const reason = walletLineReason(a.programme, l);
      return {
        entryId: l.entryId,
        kind: l.kind,
        reason: l.fromFullName ? `${reason} from ${l.fromFullName}` : reason,
        amount: naira(l.amountKobo),
        createdAt: l.createdAt.toISOString(),
      };
    }),
    payments: payments.map((p) => ({
      reference: p.reference,
      amount: naira(p.amount_kobo),
      status: p.status,
      failureReason: p.failure_reason,
      paidAt: isoOrNull(p.paid_at),
      createdAt: iso(p.created_at),
      refunds: refunds.filter((r) => r.paymentReference === p.reference).map((r) => refundView(r)),
    })),
    bankDetails: b
      ? {
          bankName: b.bank_name,
          accountName: b.account_name,
          accountNumberMasked: maskAccountNumber(b.account_number_last4),
          verified: b.verified,
          resolvedAccountName: b.resolved_account_name,
          updatedAt: iso(b.updated_at),
        }
      : null,
    awards: figures?.awards ?? [],
    grants: grants.map((g) => ({
      id: Number(g.id),
      amount: naira(g.amount_kobo),
      purpose: g.purpose,
      status: g.status,
      decisionNote: g.decision_note,
      createdAt: iso(g.created_at),
    })),
    payouts: payouts.reverse().map((p) => ({
      reference: p.reference,
      period: p.period,
      attempt: p.attempt,
      amount: naira(p.amountKobo),
      status: p.status,
      bankName: p.bankName,
      accountNumberLast4: p.accountNumberLast4,
      failureReason: p.failureReason,
      createdAt: p.at.toISOString(),
    })),
    cashOuts: cashOuts.map((c) => ({
      id: Number(c.id),
      amount: naira(c.amount_kobo),
      by: c.by,
      createdAt: iso(c.created_at),
    })),
    closure: closureOf(a.status, a.closure_requested_at, a.closure_confirmed_at, history),
    flags,
    audit: audit.map((l) => ({
      id: Number(l.id),
      action: l.action,
      actor: l.actor,
      details: l.details,
      createdAt: iso(l.created_at),
    })),
  };
}
