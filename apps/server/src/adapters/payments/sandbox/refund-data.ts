import type { SandboxRefund } from './refund-store';
import type { SandboxTransaction } from './store';

/**
 * Paystack's refund bodies, as its documentation shows them: POST /refund's answer (paystack.com/docs/api/refund/#create),
 * GET /refund/:id's (#fetch, PaystackOSS/openapi RefundFetchResponse) and the refund.* events' data
 * (paystack.com/docs/payments/refunds, "Listen for notifications").
 */
const INTEGRATION_ID = 463433;
const REFUNDED_BY = 'sandbox@paystack.test';

/** Paystack pays a processed card refund back in some working days; the sandbox says ten days after the request. */
const expectedAt = (refund: SandboxRefund) =>
  new Date(new Date(refund.createdAt).getTime() + 10 * 86_400_000).toISOString();

const customerOf = (t: SandboxTransaction) => ({
  id: t.id,
  first_name: '',
  last_name: '',
  email: t.email,
  customer_code: `CUS_${t.id}`,
  phone: '',
  metadata: '',
  risk_action: 'default',
  international_format_phone: '',
});

export function refundCreateData(refund: SandboxRefund, t: SandboxTransaction, chargedKobo: number) {
  return {
    transaction: {
      id: t.id,
      domain: 'test',
      reference: t.reference,
      amount: chargedKobo,
      paid_at: t.paidAt,
      channel: 'card',
      currency: t.currency,
      authorization: { exp_month: '12', exp_year: '2030', account_name: null },
      customer: { international_format_phone: null },
      plan: {},
      subaccount: { currency: null },
      split: {},
      order_id: null,
      paidAt: t.paidAt,
      pos_transaction_data: null,
      source: null,
      fees_breakdown: null,
    },
    integration: INTEGRATION_ID,
    deducted_amount: 0,
    channel: null,
    merchant_note: refund.merchantNote,
    customer_note: refund.customerNote,
    status: refund.status,
    refunded_by: REFUNDED_BY,
    expected_at: expectedAt(refund),
    currency: refund.currency,
    domain: 'test',
    amount: refund.amountKobo,
    fully_deducted: false,
    id: refund.id,
    createdAt: refund.createdAt,
    updatedAt: refund.updatedAt,
  };
}

export function refundFetchData(refund: SandboxRefund, t: SandboxTransaction, chargedKobo: number) {
  return {
    integration: INTEGRATION_ID,
    transaction: t.id,
    dispute: null,
    settlement: null,
    id: refund.id,
    domain: 'test',
    currency: refund.currency,
    amount: refund.amountKobo,
    status: refund.status,
    refunded_at: refund.status === 'processed' ? refund.updatedAt : null,
    refunded_by: REFUNDED_BY,
    customer_note: refund.customerNote,
    merchant_note: refund.merchantNote,
    deducted_amount: 0,
    fully_deducted: 0,
    createdAt: refund.createdAt,
    bank_reference: null,
    transaction_reference: t.reference,
    reason: refund.merchantNote,
    customer: customerOf(t),
    refund_type: refund.amountKobo === chargedKobo ? 'full' : 'partial',
    transaction_amount: chargedKobo,
    initiated_by: 'merchant',
    refund_channel: 'card',
    session_id: null,
    collect_account_number: false,
  };
}

export function refundEventData(refund: SandboxRefund, t: SandboxTransaction) {
  return {
    status: refund.status,
    transaction_reference: t.reference,
    // Paystack gives the refund's reference once money has moved (its pending and processing samples have null).
    refund_reference: refund.status === 'processed' || refund.status === 'failed' ? `RFD_${refund.id}` : null,
    // As a string, as three of Paystack's four documented samples send it.
    amount: String(refund.amountKobo),
    currency: refund.currency,
    processor: 'mpgs_zen',
    customer: { first_name: '', last_name: '', email: t.email },
    integration: INTEGRATION_ID,
    domain: 'test',
  };
}

/** One refund of GET /refund's list (RefundListResponseArray): the fetch's fields, the customer's phone nullable. */
export function refundListItem(refund: SandboxRefund, t: SandboxTransaction, chargedKobo: number) {
  return refundFetchData(refund, t, chargedKobo);
}
