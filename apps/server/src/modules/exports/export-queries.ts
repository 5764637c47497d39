import { getPlan, stageName, toNairaString, type Programme } from '@coop/core';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { queryRows } from '../../db/rows';
import { accountColumnsFrom, accountColumnsJoin } from '../accounts/account-sql';
import { latestStageOf } from '../engine/position-store';
import { journalPage, walletBalanceOf } from '../ledger/ledger-store';
import { csvCell } from '../../lib/csv-cell';
import { lagosTime } from '../../lib/lagos-time';
import { transferAttempts, type TransferAttempt } from '../payouts/attempt-trail';
import { paymentsStartedBetween } from '../payments/payment-fragments';
import { feesBorneBy } from '../payments/queries';
import { bankDetailsSummary } from '../bank-details/queries';
import { openFlagRules } from '../member-review/fraud-flags';
import { keysetRows } from './keyset';

const naira = (kobo: string | number) => toNairaString(Number(kobo));
const iso = (d: string | Date | null) => (d === null ? '' : lagosTime(new Date(d)));
const text = (s: string | null) => csvCell(s ?? '');

export interface Period {
  start: Date;
  end: Date;
  programme?: Programme;
}

/** What the members' CSV reads of each account. */
const memberAccountColumns = [
  'id',
  'programme',
  'full_name',
  'email',
  'phone',
  'referral_code',
  'sponsor_account_id',
  'role',
  'status',
  'email_confirmed_at',
  'created_at',
] as const;

export const memberColumns = [
  'Full name',
  'Email',
  'Phone',
  'Referral code',
  'Sponsor email',
  'Role',
  'Account status',
  'Email confirmed',
  'Paid',
  'Stage',
  'Wallet (NGN)',
  'Bank',
  'Bank account',
  'Bank verified',
  'Open fraud flags',
  'Joined',
];

/** Every account of a programme with its stage, wallet, bank (masked) and fraud flags not yet cleared, in id order. */
export async function* memberRecords(db: Tx, programme: Programme): AsyncGenerator<string[]> {
  type Row = {
    id: string;
    full_name: string;
    email: string;
    phone: string;
    referral_code: string;
    sponsor_email: string | null;
    role: string;
    status: string;
    confirmed: boolean;
    stage: number | null;
    wallet: string | null;
    bank_name: string | null;
    last4: string | null;
    verified: boolean | null;
    flags: string | null;
    created_at: string | Date;
  };
  const plan = getPlan(programme);
  const rows = keysetRows<Row, string>(
    (after, limit) =>
      queryRows<Row>(
        db,
        sql`select a.id, a.full_name, a.email, a.phone, a.referral_code, s.email as sponsor_email, a.role, a.status,
              a.email_confirmed_at is not null as confirmed, ${latestStageOf(sql`a.id`)} as stage,
              ${walletBalanceOf(sql`a.id`)} as wallet,
              b.bank_name, b.account_number_last4 as last4, b.verified, f.flags, a.created_at
            from ${accountColumnsFrom('a', memberAccountColumns)}
            ${accountColumnsJoin('s', sql`a.sponsor_account_id`, ['email'], 'left')}
            left join lateral ${bankDetailsSummary(sql`a.id`)} b on true
            left join lateral ${openFlagRules(sql`a.id`)} f on true
            where a.programme = ${programme} ${after === null ? sql`` : sql`and a.id > ${after}::uuid`}
            order by a.id limit ${limit}`,
      ),
    (r) => r.id,
  );
  for await (const r of rows) {
    yield [
      text(r.full_name),
      text(r.email),
      text(r.phone),
      r.referral_code,
      text(r.sponsor_email),
      r.role,
      r.status,
      r.confirmed ? 'yes' : 'no',
      r.stage === null ? 'no' : 'yes',
      r.stage === null ? '' : stageName(plan, Number(r.stage)),
      naira(r.wallet ?? 0),
      text(r.bank_name),
      r.last4 ? `****${r.last4}` : '',
      r.verified === null ? '' : r.verified ? 'yes' : 'no',
      r.flags ?? '',
      iso(r.created_at),
    ];
  }
}

export const paymentColumns = [
  'Reference',
  'Created',
  'Programme',
  'Full name',
  'Email',
  'Amount (NGN)',
  'Charged (NGN)',
  'Paystack fees (NGN)',
  'Fees borne by',
  'Status',
  'Paid at',
  'Failure reason',
  'Provider',
];

/** Payment attempts made in the period (every outcome), oldest first. */
export async function* paymentRecords(db: Tx, period: Period): AsyncGenerator<string[]> {
  type Row = {
    id: string;
    at_key: string;
    reference: string;
    created_at: string | Date;
    programme: string;
    full_name: string;
    email: string;
    amount_kobo: string;
    charged_kobo: string | null;
    paystack_fees_kobo: string | null;
    customer_fee_kobo: string | null;
    status: string;
    paid_at: string | Date | null;
    failure_reason: string | null;
    provider: string;
  };
  const rows = keysetRows<Row, { at: string; id: string }>(
    (after, limit) =>
      queryRows<Row>(
        db,
        sql`select p.id, p.created_at::text as at_key, p.reference, p.created_at, p.programme, a.full_name, a.email, p.amount_kobo, p.charged_kobo, p.paystack_fees_kobo, p.customer_fee_kobo, p.status, p.paid_at, p.failure_reason, p.provider
            from ${paymentsStartedBetween(period)} p ${accountColumnsJoin('a', sql`p.account_id`, ['full_name', 'email'])}
            ${after === null ? sql`` : sql`where (p.created_at, p.id) > (${after.at}::timestamptz, ${after.id}::uuid)`}
            order by p.created_at, p.id limit ${limit}`,
      ),
    // The key is the database's own text of the time: microseconds survive, where a JavaScript Date would drop them.
    (r) => ({ at: r.at_key, id: r.id }),
  );
  for await (const r of rows) {
    yield [
      r.reference,
      iso(r.created_at),
      r.programme,
      text(r.full_name),
      text(r.email),
      naira(r.amount_kobo),
      r.charged_kobo === null ? '' : naira(r.charged_kobo),
      r.paystack_fees_kobo === null ? '' : naira(r.paystack_fees_kobo),
      feesBorneBy({
        customerFeeKobo: r.customer_fee_kobo === null ? null : Number(r.customer_fee_kobo),
        paystackFeesKobo: r.paystack_fees_kobo === null ? null : Number(r.paystack_fees_kobo),
      }) ?? '',
      r.status,
      iso(r.paid_at),
      text(r.failure_reason),
      r.provider,
    ];
  }
}

export const journalColumns = [
  'Entry',
  'Line',
  'Date',
  'Programme',
  'Kind',
  'Memo',
  'Ledger account',
  'Member email',
  'Debit (NGN)',
  'Credit (NGN)',
];

/** Journal entries per page; each has two lines or more, so a short page of lines means the last entries were read. */
const ENTRIES_PER_PAGE = 500;

/**
 * Every journal line of the entries made in the period, entry by entry: the debits and credits of each entry
 * sit together and balance. Pages are keyed by entry id, so each page reads its entries by primary key and
 * their lines by the entry index instead of sorting the whole period's lines again.
 */
export async function* journalRecords(db: Tx, period: Period): AsyncGenerator<string[]> {
  type Row = {
    line_id: string;
    entry_id: string;
    created_at: string | Date;
    programme: string;
    kind: string;
    memo: string;
    account: string;
    account_kind: string;
    email: string | null;
    amount_kobo: string;
  };
  const rows = keysetRows<Row, string>(
    (after) =>
      queryRows<Row>(
        db,
        sql`select j.line_id, j.entry_id, j.created_at, j.programme, j.kind, j.memo, j.account, j.account_kind, m.email, j.amount_kobo
            from ${journalPage({ ...period, after, limit: ENTRIES_PER_PAGE })} j
            ${accountColumnsJoin('m', sql`j.account_id`, ['email'], 'left')}
            order by j.entry_id, j.line_id`,
      ),
    (r) => r.entry_id,
    ENTRIES_PER_PAGE,
  );
  for await (const r of rows) {
    const amount = Number(r.amount_kobo);
    // A member's wallet is named by the member, not by the internal account id in its key.
    const account = r.account_kind === 'wallet' ? 'wallet' : r.account;
    yield [
      r.entry_id,
      r.line_id,
      iso(r.created_at),
      r.programme,
      r.kind,
      text(r.memo),
      account,
      text(r.email),
      amount < 0 ? naira(-amount) : '',
      amount > 0 ? naira(amount) : '',
    ];
  }
}

export const payoutColumns = [
  'Payout',
  'Attempt',
  'Reference',
  'Full name',
  'Email',
  'Bank',
  'Bank account',
  'Amount (NGN)',
  'Status',
  'Failure reason',
  'Time',
];

/**
 * Every transfer attempt of one run's payouts, one row each (a failed transfer and its retry are two rows, as
 * on the bank statement), with its outcome and time. Account numbers are masked: the bank file carries them.
 */
export async function* payoutRecords(db: Tx, runId: number): AsyncGenerator<string[]> {
  const rows = keysetRows<TransferAttempt, { payoutId: number; attempt: number }>(
    (after, limit) => transferAttempts(db, { runId }, { after, limit }),
    (r) => ({ payoutId: r.payoutId, attempt: r.attempt }),
  );
  for await (const r of rows) {
    yield [
      String(r.payoutId),
      String(r.attempt),
      r.reference,
      text(r.fullName),
      text(r.email),
      text(r.bankName),
      `****${r.accountNumberLast4}`,
      naira(r.amountKobo),
      r.status,
      text(r.failureReason),
      lagosTime(r.at),
    ];
  }
}
