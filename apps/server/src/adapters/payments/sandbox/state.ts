import { randomBytes } from 'node:crypto';
import type { Db } from '../../../db/client';
import { signPaystackBody } from '../webhook-signature';
import { createRefundDesk, type SandboxRefundDesk } from './refund-desk';
import { sandboxSettlementStore } from './settlement-store';
import { sandboxStore, type SandboxStore, type SandboxTransfer } from './store';

export type { SandboxTransaction, SandboxTransfer } from './store';

/**
 * The sandbox's working state. Its records (transactions, recipients, transfers) live in the platform's database
 * (store.ts), so a restart forgets nothing; what stays in memory only helps tests drive it deterministically:
 * hold webhooks, read what was sent and replay it, complete transfers by hand, or choose the name an account
 * number resolves to. Tests hold this object as app.paystackSandbox.
 */
export interface SandboxWebhook {
  event: string;
  reference: string;
  /** Exactly the bytes sent (or held), and their signature, so a test can replay them. */
  rawBody: string;
  signature: string;
  /** The platform's HTTP status, or null when held or unreachable. */
  httpStatus: number | null;
}

export interface SandboxState {
  secretKey: string;
  webhookUrl: string;
  /** false: webhooks are signed and recorded but not sent (a lost webhook). */
  deliverWebhooks: boolean;
  /** false: transfers stay pending until completeTransfer is called. */
  autoCompleteTransfers: boolean;
  /** The integration's payment session timeout in seconds (0: a checkout never expires); held in memory only. */
  paymentSessionTimeoutSeconds: number;
  transactions: SandboxStore['transactions'];
  recipients: SandboxStore['recipients'];
  transfers: SandboxStore['transfers'];
  /** Refunds (refund-routes.ts): their records, test inputs and steps. */
  refunds: SandboxRefundDesk;
  /** Settlements (settlement-routes.ts): settle(until) groups what is not settled yet, as Paystack does daily. */
  settlements: ReturnType<typeof sandboxSettlementStore>;
  /** Names that account numbers resolve to; others resolve to DEFAULT_ACCOUNT_NAME. */
  accountNames: Map<string, string>;
  webhooks: SandboxWebhook[];
  newCode(prefix: string): string;
  sendWebhook(event: string, reference: string, data: Record<string, unknown>): Promise<SandboxWebhook>;
  /** Moves a transfer to a status and sends its webhook (transfer.success, .failed or .reversed; none for others). */
  completeTransfer(
    reference: string,
    outcome: SandboxTransfer['status'],
    event?: string | null,
  ): Promise<void>;
  /** Runs work after the current answer has gone out, like Paystack's queue; idle() waits for it. */
  schedule(work: () => Promise<unknown>): void;
  /** Resolves when all scheduled work (transfer completions and their webhooks) has finished. */
  idle(): Promise<void>;
}

/** The sandbox's payment session timeout until PUT /integration/payment_session_timeout changes it: a day. */
export const SANDBOX_SESSION_TIMEOUT_SECONDS = 86_400;

/** What any 10-digit account number resolves to unless a test registered a name for it. */
export const DEFAULT_ACCOUNT_NAME = 'SANDBOX TEST ACCOUNT';

const INTEGRATION_ID = 463433;

/** A transfer recipient as Paystack's documented bodies show it (paystack.com/docs/api/transfer-recipient, paystack.com/docs/api/transfer/#verify). */
export function recipientData(recipient: SandboxTransfer['recipient'], createdAt: string) {
  return {
    active: true,
    createdAt,
    updatedAt: createdAt,
    currency: 'NGN',
    description: '',
    domain: 'test',
    email: null,
    id: recipient.id,
    integration: INTEGRATION_ID,
    metadata: null,
    name: recipient.name,
    recipient_code: recipient.code,
    type: 'nuban',
    is_deleted: false,
    isDeleted: false,
    details: {
      authorization_code: null,
      account_number: recipient.accountNumber,
      account_name: recipient.name,
      bank_code: recipient.bankCode,
      bank_name: recipient.bankName,
    },
  };
}

/** The fields every transfer body of Paystack's has (paystack.com/docs/api/transfer). */
function transferFields(transfer: SandboxTransfer) {
  return {
    amount: transfer.amountKobo,
    currency: 'NGN',
    domain: 'test',
    failures: null,
    id: transfer.id,
    reason: transfer.reason,
    reference: transfer.reference,
    source: 'balance',
    source_details: null,
    status: transfer.status,
    titan_code: null,
    transfer_code: transfer.transferCode,
    transferred_at: transfer.status === 'success' ? transfer.updatedAt : null,
    createdAt: transfer.createdAt,
    updatedAt: transfer.updatedAt,
  };
}

/** The data of a transfer.* event (paystack.com/docs/payments/webhooks, transfer events): the integration as an object. */
export function transferWebhookData(transfer: SandboxTransfer) {
  return {
    ...transferFields(transfer),
    integration: { id: INTEGRATION_ID, is_live: false, business_name: 'Sandbox' },
    recipient: recipientData(transfer.recipient, transfer.createdAt),
    session: { provider: transfer.status === 'success' ? 'nip' : null, id: null },
    gateway_response: null,
    created_at: transfer.createdAt,
    updated_at: transfer.updatedAt,
  };
}

/** GET /transfer/verify's data (paystack.com/docs/api/transfer/#verify). */
export function transferVerifyData(transfer: SandboxTransfer) {
  return {
    ...transferFields(transfer),
    integration: INTEGRATION_ID,
    request: transfer.id,
    recipient: recipientData(transfer.recipient, transfer.createdAt),
    session: { provider: transfer.status === 'success' ? 'nip' : null, id: null },
    fee_charged: transfer.status === 'success' ? transferFeeKobo(transfer.amountKobo) : 0,
    fees_breakdown: null,
    gateway_response: null,
  };
}

/** POST /transfer's and finalize_transfer's data (paystack.com/docs/api/transfer/#initiate; the OTP answer of paystack.com/docs/transfers/single-transfers): the recipient as its id. */
export function transferAnswerData(transfer: SandboxTransfer) {
  return {
    ...transferFields(transfer),
    transfersessionid: [],
    transfertrials: [],
    integration: INTEGRATION_ID,
    request: transfer.id,
    recipient: transfer.recipient.id,
  };
}

/** Paystack's transfer fee in Nigeria: N10 up to N5,000, N25 up to N50,000, N50 above (paystack.com/pricing). */
const transferFeeKobo = (amountKobo: number) =>
  amountKobo <= 500_000 ? 1_000 : amountKobo <= 5_000_000 ? 2_500 : 5_000;

export function createSandboxState(options: { secretKey: string; webhookUrl: string; db: Db }): SandboxState {
  const store = sandboxStore(options.db);
  const pending = new Set<Promise<unknown>>();
  const state: SandboxState = {
    secretKey: options.secretKey,
    webhookUrl: options.webhookUrl,
    deliverWebhooks: true,
    autoCompleteTransfers: true,
    paymentSessionTimeoutSeconds: SANDBOX_SESSION_TIMEOUT_SECONDS,
    transactions: store.transactions,
    recipients: store.recipients,
    transfers: store.transfers,
    refunds: createRefundDesk(
      options.db,
      store.transactions,
      (event, reference, data) => state.sendWebhook(event, reference, data),
      (work) => state.schedule(work),
    ),
    settlements: sandboxSettlementStore(options.db),
    accountNames: new Map(),
    webhooks: [],
    newCode: (prefix) => `${prefix}_${randomBytes(8).toString('hex')}`,

    async sendWebhook(event, reference, data) {
      const rawBody = JSON.stringify({ event, data });
      const webhook: SandboxWebhook = {
        event,
        reference,
        rawBody,
        signature: signPaystackBody(state.secretKey, rawBody),
        httpStatus: null,
      };
      state.webhooks.push(webhook);
      if (!state.deliverWebhooks) return webhook;
      try {
        const response = await fetch(state.webhookUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-paystack-signature': webhook.signature },
          body: rawBody,
          signal: AbortSignal.timeout(30_000),
        });
        webhook.httpStatus = response.status;
        await response.body?.cancel();
      } catch {
        webhook.httpStatus = null; // Paystack would retry later; a test can replay webhook.rawBody itself.
      }
      return webhook;
    },

    async completeTransfer(reference, outcome, event) {
      const transfer = await state.transfers.complete(reference, outcome, new Date());
      if (!transfer) throw new Error(`No sandbox transfer ${reference}`);
      const name =
        event === undefined
          ? ['success', 'failed', 'reversed'].includes(outcome)
            ? `transfer.${outcome}`
            : null
          : event;
      if (name) await state.sendWebhook(name, reference, transferWebhookData(transfer));
    },

    schedule(work) {
      const run = new Promise<void>((resolve) => setImmediate(resolve)).then(work);
      pending.add(run);
      run.catch(() => {}).finally(() => pending.delete(run));
    },

    async idle() {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
  };
  return state;
}
