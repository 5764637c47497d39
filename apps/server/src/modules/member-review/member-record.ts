import { sql } from 'drizzle-orm';
import {
  closureMoneyText,
  closureReasons,
  toNairaString,
  type ClosureReason,
  type Programme,
} from '@coop/core';
import type { MemberRecord } from '@coop/core/contracts';
import type { Tx } from '../../db/client';
import { queryRows } from '../../db/rows';
import {
  accountColumnsFrom,
  accountColumnsJoin,
  accountEmail,
  accountName,
  adminNameOf,
} from '../accounts/account-sql';
import { pendingEmailChangeJoin } from '../accounts/email-changes';
import { statusHistory } from '../accounts/status-changes';
import { termsAcceptedBy } from '../accounts/terms-accepted';
import { holdsPosition } from '../engine/position-store';
import { dashboard } from '../member/dashboard';
import { walletLines } from '../engine/wallet-lines';
import { walletLineReason } from '../member/wallet-history';
import { grantsOf } from '../grants/grant-store';
import { feesBorneBy, paymentsOfAccount } from '../payments/queries';
import { refundView } from '../refunds/refund-overview';
import { refundsOfAccount } from '../refunds/refund-store';
import { auditTrailOf } from '../audit/audit-reads';
import { lastSignInOf } from '../sessions/sessions';
import { flagsOf } from './flag-review';
import { readMemberRecordPart, type MemberRecordPartReaders } from './member-record-parts';

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

/** What the record shows of the account itself. */
const recordColumns = [
  'id',
  'programme',
  'role',
  'full_name',
  'email',
  'email_confirmed_at',
  'phone',
  'address',
  'referral_code',
  'created_at',
  'status',
  'closure_requested_at',
  'closure_confirmed_at',
  'sponsor_account_id',
] as const;

/**
 * Everything the platform knows about one account, for an administrator: each part read from where it is
 * kept (the account, the ledger, the matrix, the payments, the audit log), never copied. The bank account
 * number leaves the server masked.
 */
export async function memberRecord(
  db: Tx,
  accountId: string,
  parts: MemberRecordPartReaders,
): Promise<MemberRecord | null> {
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
               ${lastSignInOf(sql`a.id`)} as last_sign_in_at,
               e.new_email as pending_email, e.created_at as pending_requested_at, e.expires_at as pending_expires_at
        from ${accountColumnsFrom('a', recordColumns)}
        ${accountColumnsJoin('s', sql`a.sponsor_account_id`, ['id', 'full_name', 'email'], 'left')}
        ${pendingEmailChangeJoin('e', sql`a.id`)}
        where a.id = ${accountId}`,
  );
  if (!a) return null;
  const figures = await dashboard(db, accountId, a.programme);
  const [history, referrals, payments, bank, grants, payouts, cashOuts, audit, flags, refunds, terms] =
    await Promise.all([
      statusHistory(db, accountId),
      queryRows<{ id: string; full_name: string; email: string; paid: boolean }>(
        db,
        sql`select r.id, r.full_name, r.email, ${holdsPosition(sql`r.id`)} as paid
          from ${accountColumnsFrom('r', ['id', 'full_name', 'email', 'sponsor_account_id', 'created_at'])}
          where r.sponsor_account_id = ${accountId} order by r.created_at, r.id`,
      ),
      paymentsOfAccount(db, accountId),
      readMemberRecordPart(parts, 'bankDetails', db, accountId),
      grantsOf(db, accountId),
      readMemberRecordPart(parts, 'payouts', db, accountId),
      readMemberRecordPart(parts, 'cashOuts', db, accountId),
      auditTrailOf(db, accountId, { name: accountName, email: accountEmail }),
      flagsOf(db, accountId),
      refundsOfAccount(db, accountId),
      termsAcceptedBy(db, accountId),
    ]);
  const wallet = await walletLines(db, accountId, { limit: WALLET_LINES, offset: 0 });
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
    terms: { version: terms?.version ?? null, acceptedAt: terms?.acceptedAt ?? null },
    status: a.status,
    statusHistory: history.map((h) => ({
      fromStatus: h.from_status,
      toStatus: h.to_status,
      reason: h.reason,
      note: h.note,
      by: adminNameOf(h.by, h.by_email),
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
      amount: naira(p.amountKobo),
      // What Paystack charged and its fees, and who bore them (customer: the fees were added to the charge).
      charged: p.chargedKobo === null ? null : naira(p.chargedKobo),
      paystackFees: p.paystackFeesKobo === null ? null : naira(p.paystackFeesKobo),
      feesBorneBy: feesBorneBy(p),
      status: p.status,
      failureReason: p.failureReason,
      paidAt: isoOrNull(p.paidAt),
      createdAt: iso(p.createdAt),
      refunds: refunds.filter((r) => r.paymentReference === p.reference).map((r) => refundView(r)),
    })),
    bankDetails: bank,
    awards: figures?.awards ?? [],
    grants: grants.map((g) => ({
      id: g.id,
      amount: naira(g.amountKobo),
      purpose: g.purpose,
      status: g.status,
      decisionNote: g.decisionNote,
      createdAt: iso(g.createdAt),
    })),
    payouts,
    cashOuts,
    closure: closureOf(a.status, a.closure_requested_at, a.closure_confirmed_at, history),
    flags,
    audit: audit.map((l) => ({
      id: Number(l.id),
      action: l.action,
      actor: adminNameOf(l.actor_name, l.actor_email),
      details: l.details,
      createdAt: iso(l.created_at),
    })),
  };
}
