import { shortName, toNairaString, type Programme } from '@coop/core';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { queryRows } from '../../db/rows';
import { walletLines } from '../ledger/queries';
import { walletLineReason } from '../member/wallet-history';

type When = string | Date | null;
const iso = (d: When) => (d === null ? null : new Date(d).toISOString());
const naira = (kobo: string | number) => toNairaString(Number(kobo));

/**
 * Everything the platform holds about one account, for the member's right of access and portability (NDPA
 * sections 34 and 38). Other members appear only as the member's own matrix shows them: a first name and a
 * surname initial. Mail bodies are left out on purpose: they carry single-use links (their subjects and dates are in).
 */
export async function memberData(db: Tx, accountId: string, now: Date) {
  const [profile] = await queryRows<{
    id: string;
    programme: Programme;
    full_name: string;
    email: string;
    phone: string;
    address: string;
    referral_code: string;
    role: string;
    status: string;
    sponsor_code: string | null;
    email_confirmed_at: When;
    created_at: When;
    closure_requested_at: When;
    closure_confirmed_at: When;
    closed_at: When;
    erasure_requested_at: When;
    privacy_notice_version: string | null;
    privacy_notice_accepted_at: When;
  }>(
    db,
    sql`select a.id, a.programme, a.full_name, a.email, a.phone, a.address, a.referral_code, a.role, a.status, s.referral_code as sponsor_code,
          a.email_confirmed_at, a.created_at, a.closure_requested_at, a.closure_confirmed_at, a.closed_at, a.erasure_requested_at, a.privacy_notice_version,
          a.privacy_notice_accepted_at
        from accounts a left join accounts s on s.id = a.sponsor_account_id where a.id = ${accountId}`,
  );
  if (!profile) return null;
  // Names of the member's own referrals, as their matrix shows them, replace the full names in texts written to them.
  const referrals = await queryRows<{ full_name: string }>(
    db,
    sql`select full_name from accounts where sponsor_account_id = ${accountId}`,
  );
  const shorten = (text: string) =>
    referrals.reduce(
      (t, r) => (r.full_name.length >= 3 ? t.split(r.full_name).join(shortName(r.full_name)) : t),
      text,
    );

  const [bank] = await queryRows<{
    account_type: string;
    bank_code: string;
    bank_name: string;
    account_number: string;
    account_name: string;
    resolved_account_name: string | null;
    verified: boolean;
    verified_at: When;
    created_at: When;
    updated_at: When;
  }>(
    db,
    sql`select account_type, bank_code, bank_name, account_number, account_name, resolved_account_name, verified, verified_at, created_at, updated_at from bank_details where account_id = ${accountId}`,
  );
  const positions = await queryRows<{
    id: string;
    stage: number;
    depth: number;
    direct_referrals: number;
    payment_reference: string | null;
    plan_version: number | null;
    created_at: When;
  }>(
    db,
    sql`select id, stage, depth, direct_referrals, payment_reference, plan_version, created_at from positions where account_id = ${accountId} order by id`,
  );
  const lines = await walletLines(db, accountId, { limit: 1_000_000, offset: 0 });
  const payments = await queryRows<{
    reference: string;
    programme: string;
    amount_kobo: string;
    currency: string;
    status: string;
    provider: string;
    failure_reason: string | null;
    created_at: When;
    paid_at: When;
  }>(
    db,
    sql`select reference, programme, amount_kobo, currency, status, provider, failure_reason, created_at, paid_at from payments where account_id = ${accountId} order by created_at`,
  );
  const payouts = await queryRows<{
    id: string;
    reference: string;
    amount_kobo: string;
    status: string;
    attempt: number;
    bank_name: string;
    account_number_last4: string;
    failure_reason: string | null;
    released_reason: string | null;
    created_at: When;
    updated_at: When;
  }>(
    db,
    sql`select id, reference, amount_kobo, status, attempt, bank_name, account_number_last4, failure_reason, released_reason, created_at, updated_at from payouts where account_id = ${accountId} order by id`,
  );
  const attempts = await queryRows<{
    payout_id: string;
    attempt: number;
    reference: string;
    amount_kobo: string;
    status: string;
    failure_reason: string | null;
    bank_name: string;
    account_number_last4: string;
    created_at: When;
  }>(
    db,
    sql`select t.payout_id, t.attempt, t.reference, t.amount_kobo, t.status, t.failure_reason, t.bank_name, t.account_number_last4, t.created_at
        from payout_attempts t join payouts p on p.id = t.payout_id where p.account_id = ${accountId} order by t.id`,
  );
  const cashOuts = await queryRows<{ amount_kobo: string; created_at: When }>(
    db,
    sql`select amount_kobo, created_at from cash_outs where account_id = ${accountId} order by id`,
  );
  const awards = await queryRows<{
    kind: string;
    stage: number;
    installment: number;
    description: string;
    value_kobo: string;
    status: string;
    due_at: When;
    delivered_at: When;
    created_at: When;
  }>(
    db,
    sql`select kind, stage, installment, description, value_kobo, status, due_at, delivered_at, created_at from awards where account_id = ${accountId} order by id`,
  );
  const grants = await queryRows<{
    amount_kobo: string;
    purpose: string;
    status: string;
    decided_at: When;
    decision_note: string | null;
    created_at: When;
  }>(
    db,
    sql`select amount_kobo, purpose, status, decided_at, decision_note, created_at from grant_applications where account_id = ${accountId} order by id`,
  );
  const notifications = await queryRows<{
    kind: string;
    title: string;
    body: string;
    link: string;
    created_at: When;
    read_at: When;
  }>(
    db,
    sql`select kind, title, body, link, created_at, read_at from notifications where account_id = ${accountId} order by id`,
  );
  const mails = await queryRows<{
    template: string;
    subject: string;
    status: string;
    created_at: When;
    sent_at: When;
  }>(
    db,
    sql`select template, subject, status, created_at, sent_at from mail_queue where account_id = ${accountId} order by id`,
  );
  const origins = await queryRows<{ ip: string; user_agent: string; created_at: When }>(
    db,
    sql`select ip, user_agent, created_at from signup_origins where account_id = ${accountId}`,
  );
  const sessions = await queryRows<{ created_at: When; expires_at: When; revoked_at: When }>(
    db,
    sql`select created_at, expires_at, revoked_at from sessions where account_id = ${accountId} order by created_at`,
  );
  const optOuts = await queryRows<{ category: string; created_at: When }>(
    db,
    sql`select category, created_at from mail_opt_outs where account_id = ${accountId}`,
  );
  const statusChanges = await queryRows<{
    from_status: string;
    to_status: string;
    reason: string;
    created_at: When;
  }>(
    db,
    sql`select from_status, to_status, reason, created_at from account_status_changes where account_id = ${accountId} order by id`,
  );

  const requests = await queryRows<{
    kind: string;
    received_at: When;
    due_at: When;
    status: string;
    answer: string;
    answered_at: When;
  }>(
    db,
    sql`select kind, received_at, due_at, status, answer, answered_at from privacy_requests where account_id = ${accountId} order by received_at`,
  );
  return {
    generatedAt: now.toISOString(),
    profile: {
      id: profile.id,
      programme: profile.programme,
      fullName: profile.full_name,
      email: profile.email,
      phone: profile.phone,
      address: profile.address,
      referralCode: profile.referral_code,
      sponsorReferralCode: profile.sponsor_code,
      role: profile.role,
      status: profile.status,
      signedUpAt: iso(profile.created_at),
      emailConfirmedAt: iso(profile.email_confirmed_at),
      closureRequestedAt: iso(profile.closure_requested_at),
      closureConfirmedAt: iso(profile.closure_confirmed_at),
      closedAt: iso(profile.closed_at),
      erasureRequestedAt: iso(profile.erasure_requested_at),
    },
    bankDetails: bank
      ? {
          accountType: bank.account_type,
          bankCode: bank.bank_code,
          bankName: bank.bank_name,
          accountNumber: bank.account_number,
          accountName: bank.account_name,
          nameAtTheBank: bank.resolved_account_name,
          verified: bank.verified,
          verifiedAt: iso(bank.verified_at),
          savedAt: iso(bank.created_at),
          changedAt: iso(bank.updated_at),
        }
      : null,
    positions: positions.map((p) => ({
      id: Number(p.id),
      stage: p.stage,
      level: p.depth,
      directReferrals: p.direct_referrals,
      paymentReference: p.payment_reference,
      planVersion: p.plan_version,
      joinedAt: iso(p.created_at),
    })),
    walletLines: lines.items.map((l) => ({
      id: l.id,
      entryId: l.entryId,
      kind: l.kind,
      reason: shorten(walletLineReason(profile.programme, l)),
      from: l.fromFullName === null ? null : shortName(l.fromFullName),
      amount: naira(l.amountKobo),
      at: l.createdAt.toISOString(),
    })),
    payments: payments.map((p) => ({
      reference: p.reference,
      programme: p.programme,
      amount: naira(p.amount_kobo),
      currency: p.currency,
      status: p.status,
      provider: p.provider,
      failureReason: p.failure_reason,
      startedAt: iso(p.created_at),
      paidAt: iso(p.paid_at),
    })),
    payouts: payouts.map((p) => ({
      reference: p.reference,
      amount: naira(p.amount_kobo),
      status: p.status,
      bankName: p.bank_name,
      accountNumberLast4: p.account_number_last4,
      failureReason: p.failure_reason,
      releasedReason: p.released_reason,
      createdAt: iso(p.created_at),
      updatedAt: iso(p.updated_at),
      attempts: attempts
        .filter((a) => a.payout_id === p.id)
        .map((a) => ({
          attempt: a.attempt,
          reference: a.reference,
          amount: naira(a.amount_kobo),
          status: a.status,
          failureReason: a.failure_reason,
          bankName: a.bank_name,
          accountNumberLast4: a.account_number_last4,
          at: iso(a.created_at),
        })),
    })),
    cashPayouts: cashOuts.map((c) => ({ amount: naira(c.amount_kobo), at: iso(c.created_at) })),
    awards: awards.map((a) => ({
      kind: a.kind,
      stage: a.stage,
      installment: a.installment,
      description: a.description,
      value: naira(a.value_kobo),
      status: a.status,
      dueAt: iso(a.due_at),
      deliveredAt: iso(a.delivered_at),
      recordedAt: iso(a.created_at),
    })),
    grantApplications: grants.map((g) => ({
      amount: naira(g.amount_kobo),
      purpose: g.purpose,
      status: g.status,
      decidedAt: iso(g.decided_at),
      decisionNote: g.decision_note,
      appliedAt: iso(g.created_at),
    })),
    notifications: notifications.map((n) => ({
      kind: n.kind,
      title: shorten(n.title),
      body: shorten(n.body),
      link: n.link,
      at: iso(n.created_at),
      readAt: iso(n.read_at),
    })),
    mails: mails.map((m) => ({
      template: m.template,
      subject: shorten(m.subject),
      status: m.status,
      queuedAt: iso(m.created_at),
      sentAt: iso(m.sent_at),
    })),
    signupOrigins: origins.map((o) => ({ address: o.ip, browser: o.user_agent, at: iso(o.created_at) })),
    sessions: sessions.map((s) => ({
      startedAt: iso(s.created_at),
      expiresAt: iso(s.expires_at),
      endedAt: iso(s.revoked_at),
    })),
    statusChanges: statusChanges.map((s) => ({
      from: s.from_status,
      to: s.to_status,
      reason: s.reason,
      at: iso(s.created_at),
    })),
    privacyRequests: requests.map((r) => ({
      kind: r.kind,
      receivedAt: iso(r.received_at),
      dueAt: iso(r.due_at),
      status: r.status,
      answer: r.answer,
      answeredAt: iso(r.answered_at),
    })),
    consents: {
      termsAcceptedAt: iso(profile.created_at),
      privacyNoticeVersion: profile.privacy_notice_version,
      privacyNoticeAcceptedAt: iso(profile.privacy_notice_accepted_at),
      mailsTurnedOff: optOuts.map((o) => ({ category: o.category, at: iso(o.created_at) })),
    },
  };
}

export type MemberData = NonNullable<Awaited<ReturnType<typeof memberData>>>;
