import type { SandboxDispute } from './dispute-store';
import type { SandboxTransaction } from './store';
import { transactionData } from './transaction-routes';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/**
 * A dispute in Paystack's shape: the dispute object of GET /dispute/:id (DisputeFetchResponse in Paystack's API
 * description), which is also the data of the charge.dispute.create / remind / resolve events
 * (paystack.com/docs/payments/webhooks, disputes): the transaction as an object, dates as ISO strings.
 */
export function disputeData(dispute: SandboxDispute, transaction: SandboxTransaction) {
  const history = [
    { status: 'awaiting-merchant-feedback', by: 'customer', createdAt: dispute.createdAt.toISOString() },
  ];
  if (dispute.status !== 'awaiting-merchant-feedback')
    history.push({ status: dispute.status, by: 'merchant', createdAt: dispute.updatedAt.toISOString() });
  return {
    id: dispute.id,
    refund_amount: dispute.refundAmountKobo,
    currency: transaction.currency,
    status: dispute.status,
    resolution: dispute.resolution,
    domain: 'test',
    transaction: {
      ...transactionData(transaction),
      metadata: { custom_fields: [], ...transaction.metadata },
      authorization: { receiver_bank_account_number: null, receiver_bank: null },
      customer: { international_format_phone: null },
      plan: {},
      subaccount: {},
      split: {},
      order_id: null,
      pos_transaction_data: null,
      source: null,
      fees_breakdown: null,
      connect: null,
    },
    transaction_reference: null,
    category: dispute.category,
    customer: {
      id: 1001,
      first_name: '',
      last_name: '',
      email: transaction.email,
      customer_code: `CUS_${transaction.id}`,
      phone: '',
      metadata: {},
      risk_action: 'default',
      international_format_phone: '',
    },
    bin: '408408',
    last4: '4081',
    dueAt: iso(dispute.dueAt),
    resolvedAt: iso(dispute.resolvedAt),
    evidence: dispute.evidence ? Number(dispute.evidence.id) : null,
    attachments: Object.keys(dispute.uploads)[0] ?? null,
    note: dispute.note,
    history,
    messages: dispute.messages,
    createdAt: dispute.createdAt.toISOString(),
    updatedAt: dispute.updatedAt.toISOString(),
  };
}

/** PUT /dispute/:id/resolve's data (DisputeResolveResponse): flat, the transaction as its id, the message posted. */
export function disputeResolveData(
  dispute: SandboxDispute,
  transaction: SandboxTransaction,
  message: string,
) {
  const now = dispute.updatedAt.toISOString();
  return {
    currency: transaction.currency,
    last4: '4081',
    bin: '408408',
    transaction_reference: null,
    merchant_transaction_reference: transaction.reference,
    refund_amount: dispute.refundAmountKobo,
    status: dispute.status,
    domain: 'test',
    resolution: dispute.resolution ?? '',
    category: dispute.category,
    note: dispute.note,
    attachments: Object.keys(dispute.uploads)[0] ?? '',
    id: dispute.id,
    integration: 463433,
    transaction: transaction.id,
    created_by: 1001,
    evidence: dispute.evidence ? Number(dispute.evidence.id) : 0,
    resolvedAt: iso(dispute.resolvedAt) ?? now,
    createdAt: dispute.createdAt.toISOString(),
    updatedAt: now,
    dueAt: iso(dispute.dueAt),
    message: {
      dispute: dispute.id,
      sender: 'merchant',
      body: message,
      id: dispute.messages.length,
      createdAt: now,
      updatedAt: now,
    },
  };
}
