import { toNairaString, type Programme, type RefundStatus } from '@coop/core';
import type { Dispute } from '@coop/core/contracts';
import { sql } from 'drizzle-orm';
import { accountColumnsJoin, adminNameOf } from '../accounts/account-sql';
import type { Tx } from '../../db/client';
import { queryRows } from '../../db/rows';
import { paymentFacts } from '../payments/payment-fragments';
import { pendingRequestForSubject } from '../approvals/approval-store';
import { paymentRefundsJson } from '../refunds/refund-store';
import { disputeStatusText, isOpen } from './dispute-words';

type When = string | Date;
const iso = (value: When) => new Date(value).toISOString();
const isoOrNull = (value: When | null) => (value === null ? null : iso(value));

interface DisputeRow {
  id: string;
  paystack_id: string;
  status: string;
  category: string | null;
  resolution: string | null;
  refund_amount_kobo: string;
  due_at: When | null;
  resolved_at: When | null;
  created_at: When;
  last_event: string;
  answer: 'accept' | 'contest' | null;
  answer_note: string | null;
  answered_at: When | null;
  answer_sent_at: When | null;
  answered_by_name: string | null;
  answered_by_email: string | null;
  approved_by_name: string | null;
  approved_by_email: string | null;
  accept_request_id: string | null;
  accept_asked_at: When | null;
  lost_at: When | null;
  paid_out_before_kobo: string | null;
  placed: boolean;
  account_id: string;
  full_name: string;
  email: string;
  programme: Programme;
  reference: string;
  amount_kobo: string;
  paid_at: When | null;
  refunds: PaymentRefund[] | string;
  total: string;
}

/** One refund of the disputed payment, as refunds' JSON fragment gives it. */
interface PaymentRefund {
  id: number;
  amountKobo: number | string;
  status: RefundStatus;
  providerRefundId: number | null;
  createdAt: string;
  endedAt: string | null;
}

/** Refunds that gave the money back or are giving it: all but the failed ones. */
const refundedKoboOf = (refunds: PaymentRefund[]) =>
  refunds.filter((r) => r.status !== 'failed').reduce((sum, r) => sum + Number(r.amountKobo), 0);

// The drivers give json parsed; parse it when one hands back the text.
const refundsOf = (r: DisputeRow): PaymentRefund[] =>
  typeof r.refunds === 'string' ? (JSON.parse(r.refunds) as PaymentRefund[]) : r.refunds;

export const disputeColumns = sql`d.id, d.paystack_id, d.status, d.category, d.resolution, d.refund_amount_kobo, d.due_at, d.resolved_at, d.created_at, d.last_event,
  d.answer, d.answer_note, d.answered_at, d.answer_sent_at, b.full_name as answered_by_name, b.email as answered_by_email,
  c.full_name as approved_by_name, c.email as approved_by_email, q.id as accept_request_id, q.created_at as accept_asked_at,
  d.lost_at, d.paid_out_before_kobo, p.placed,
  a.id as account_id, a.full_name, a.email, a.programme, p.reference, p.amount_kobo, p.paid_at, ${paymentRefundsJson(sql`p.reference`)} as refunds`;
const disputeJoins = sql`from disputes d ${accountColumnsJoin('a', sql`d.account_id`, ['id', 'full_name', 'email', 'programme'])}
  join lateral ${paymentFacts({ id: sql`d.payment_id` })} p on true ${accountColumnsJoin('b', sql`d.answered_by`, ['full_name', 'email'], 'left')}
  ${accountColumnsJoin('c', sql`d.approved_by`, ['full_name', 'email'], 'left')} ${pendingRequestForSubject('q', sql`'dispute:' || d.id`)}`;

const toDispute = (r: DisputeRow, dashboardUrl: string): Dispute => {
  const refunds = refundsOf(r);
  return {
    id: Number(r.id),
    paystackId: Number(r.paystack_id),
    status: r.status,
    statusText: disputeStatusText(r.status, r.resolution),
    open: isOpen(r.status),
    category: r.category,
    resolution: r.resolution,
    amount: toNairaString(Number(r.refund_amount_kobo)),
    dueAt: isoOrNull(r.due_at),
    resolvedAt: isoOrNull(r.resolved_at),
    raisedAt: iso(r.created_at),
    lastEvent: r.last_event,
    member: { id: r.account_id, fullName: r.full_name, email: r.email, programme: r.programme },
    payment: {
      reference: r.reference,
      amount: toNairaString(Number(r.amount_kobo)),
      paidAt: isoOrNull(r.paid_at),
    },
    refunds: refunds.map((f) => ({
      id: Number(f.id),
      amount: toNairaString(Number(f.amountKobo)),
      status: f.status,
      providerRefundId: f.providerRefundId === null ? null : Number(f.providerRefundId),
      createdAt: iso(f.createdAt),
      endedAt: isoOrNull(f.endedAt),
    })),
    refundedInFull: refundedKoboOf(refunds) >= Number(r.amount_kobo),
    answer: r.answer
      ? {
          answer: r.answer,
          note: r.answer_note ?? '',
          by: adminNameOf(r.answered_by_name, r.answered_by_email),
          at: iso(r.answered_at!),
          sent: r.answer_sent_at !== null,
        }
      : null,
    approvedBy: adminNameOf(r.approved_by_name, r.approved_by_email),
    acceptRequest:
      r.accept_request_id === null
        ? null
        : { id: Number(r.accept_request_id), askedAt: iso(r.accept_asked_at!) },
    lost:
      r.lost_at === null
        ? null
        : {
            at: iso(r.lost_at),
            amount: toNairaString(Number(r.refund_amount_kobo)),
            paidOutBefore: toNairaString(Number(r.paid_out_before_kobo ?? 0)),
            memberHeld: r.placed,
          },
    dashboardUrl,
  };
};

/** Open disputes first, the nearest due date first; then the resolved ones, newest first. */
export async function listDisputes(
  db: Tx,
  options: {
    state: 'open' | 'resolved' | 'all';
    accountId?: string;
    limit: number;
    offset: number;
    dashboardUrl: string;
  },
) {
  const state =
    options.state === 'open'
      ? sql`d.status <> 'resolved'`
      : options.state === 'resolved'
        ? sql`d.status = 'resolved'`
        : sql`true`;
  const account = options.accountId ? sql`and d.account_id = ${options.accountId}` : sql``;
  const rows = await queryRows<DisputeRow>(
    db,
    sql`select ${disputeColumns}, count(*) over () as total ${disputeJoins} where ${state} ${account}
        order by (d.status <> 'resolved') desc, d.due_at asc nulls last, d.id desc limit ${options.limit} offset ${options.offset}`,
  );
  return {
    total: rows[0] ? Number(rows[0].total) : 0,
    items: rows.map((r) => toDispute(r, options.dashboardUrl)),
  };
}

export async function disputeById(db: Tx, id: number, dashboardUrl: string) {
  const [row] = await queryRows<DisputeRow>(
    db,
    sql`select ${disputeColumns}, 1 as total ${disputeJoins} where d.id = ${id}`,
  );
  return row ? toDispute(row, dashboardUrl) : null;
}
