import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { SANDBOX_SECRET_KEY, type PaymentProvider } from '../src/adapters/payments';
import { createPaystackProvider } from '../src/adapters/payments/paystack-client';
import { SANDBOX_SESSION_TIMEOUT_SECONDS } from '../src/adapters/payments/sandbox/state';
import { SANDBOX_TRANSFER_OTP, TRANSFER_TEST_ACCOUNTS } from '../src/adapters/payments/sandbox/test-accounts';
import {
  disputeData,
  disputeEvidenceAnswer,
  disputeResolveAnswer,
  disputeUploadUrlAnswer,
} from '../src/adapters/payments/paystack-schemas';
import {
  listSettlementsAnswer,
  settlementTransactionsAnswer,
} from '../src/adapters/payments/settlement-schemas';
import { contractProblem, endpointOf, errorAnswer, EVENTS } from './contract/paystack-contract';
import { testDatabases } from './databases';
import { useListeningApp } from './payments-kit';

/**
 * The sandbox against Paystack's contract (contract/paystack-contract.ts, written from Paystack's API description):
 * every request the real client sends, every answer and every event the sandbox gives. Paystack's own documented
 * bodies pass the same schemas, and removing any required field from a sandbox answer fails them.
 */
const ctx = useListeningApp(testDatabases()[0]!);

interface Exchange {
  method: string;
  path: string;
  request: unknown;
  query: Record<string, string>;
  httpStatus: number;
  answer: unknown;
}
const exchanges: Exchange[] = [];

/** The real fetch, recording each call and its answer as they crossed the wire. */
const recordingFetch: typeof fetch = async (input, init) => {
  const url = new URL(input instanceof Request ? input.url : input.toString());
  // The dispute statement goes to upload_url's signed storage address, not to Paystack's API.
  if (url.pathname.startsWith('/sandbox/paystack/uploads/')) return fetch(input, init);
  const response = await fetch(input, init);
  const text = await response.clone().text();
  exchanges.push({
    method: init?.method ?? 'GET',
    path: url.pathname.replace(/^\/sandbox\/paystack/, ''),
    request: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    query: Object.fromEntries(url.searchParams),
    httpStatus: response.status,
    answer: text ? JSON.parse(text) : null,
  });
  return response;
};

let client: PaymentProvider;
const reference = () => `contract-${randomUUID()}`;

/** Paystack's documented bodies as its documentation shows them (copied from its API reference and webhook pages). */
const documentedDir = join(import.meta.dirname, 'contract', 'documented');
const fixture = (name: string) =>
  JSON.parse(readFileSync(join(documentedDir, name), 'utf8')) as Record<string, { data: unknown }> & {
    event?: string;
  };

/** Drives every call the platform makes, along every path the sandbox offers, through the real client. */
async function exerciseEveryCall() {
  ctx.sandbox.deliverWebhooks = false;
  client = createPaystackProvider({
    name: 'sandbox',
    baseUrl: `${ctx.url}/sandbox/paystack`,
    secretKey: SANDBOX_SECRET_KEY,
    fetch: recordingFetch,
    attempts: 1,
  });
  const paid: string[] = [];
  for (const [outcome, email] of [
    ['success', 'ada@example.com'],
    ['success_fees', 'ada@example.com'],
    ['success', 'ada+refund-fails@example.com'],
  ] as const) {
    const ref = reference();
    paid.push(ref);
    const started = await client.initializeTransaction({
      email,
      amountKobo: 5_000_000,
      reference: ref,
      callbackUrl: `${ctx.url}/mainpaystack`,
      metadata: { accountId: 'a1' },
    });
    await fetch(started.authorizationUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ outcome }),
      redirect: 'manual',
    });
    await client.verifyTransaction(ref);
  }
  await client.verifyTransaction('no-such-reference');
  // A checkout nobody paid: Paystack answers abandoned (it stays payable until the payment session times out).
  const unpaid = reference();
  await client.initializeTransaction({
    email: 'ada@example.com',
    amountKobo: 5_000_000,
    reference: unpaid,
    callbackUrl: `${ctx.url}/mainpaystack`,
  });
  expect(await client.verifyTransaction(unpaid)).toMatchObject({ status: 'abandoned' });
  // The integration's payment session timeout, set (as an operator would at going live) and read back.
  await recordingFetch(`${ctx.url}/sandbox/paystack/integration/payment_session_timeout`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${SANDBOX_SECRET_KEY}`, 'content-type': 'application/json' },
    body: JSON.stringify({ timeout: 1800 }),
  });
  expect(await client.paymentSessionTimeoutSeconds()).toBe(1800);
  ctx.sandbox.paymentSessionTimeoutSeconds = SANDBOX_SESSION_TIMEOUT_SECONDS;
  await client.listBanks();
  await client.resolveAccount({ accountNumber: '0001234567', bankCode: '058' });
  await client.resolveAccount({ accountNumber: '0001112223', bankCode: '058' });
  const numbers = [...Object.keys(TRANSFER_TEST_ACCOUNTS), '0123456780', '0123456789'];
  const sent: { reference: string; transferCode: string | null; status: string }[] = [];
  for (const accountNumber of numbers) {
    const { recipientCode } = await client.createTransferRecipient({
      name: 'ADA OKAFOR',
      accountNumber,
      bankCode: '058',
    });
    const ref = `contract-${randomUUID()}`;
    const state = await client
      .initiateTransfer({ amountKobo: 1_000_000, recipientCode, reference: ref, reason: 'Bonus payout' })
      .catch(() => null);
    if (state) sent.push(state);
  }
  const { recipientCode } = await client.createTransferRecipient({
    name: 'ADA OKAFOR',
    accountNumber: '0123456781',
    bankCode: '058',
  });
  await client.initiateBulkTransfer([
    { amountKobo: 500_000, recipientCode, reference: `contract-${randomUUID()}`, reason: 'Bonus payout' },
  ]);
  const otp = sent.find((s) => s.status === 'otp' && s.transferCode)!;
  await client.resendTransferOtp(otp.transferCode!);
  await client.finalizeTransfer({ transferCode: otp.transferCode!, otp: '000000' });
  await client.finalizeTransfer({ transferCode: otp.transferCode!, otp: SANDBOX_TRANSFER_OTP });
  await ctx.sandbox.idle();
  for (const s of sent) await client.verifyTransfer(s.reference);
  // A reversal or failure after success comes once the success was seen; its event then goes out.
  await ctx.sandbox.idle();
  for (const s of sent) await client.verifyTransfer(s.reference);
  await client.verifyTransfer('no-such-reference');
  // Disputes: the sandbox's customer disputes two paid payments (create, remind); one is contested, one accepted.
  const verifiedRefs = exchanges
    .filter(
      (e) =>
        e.path.startsWith('/transaction/verify/') &&
        e.httpStatus === 200 &&
        (e.answer as { data: { status: string } }).data.status === 'success',
    )
    .map((e) => e.path.split('/').pop()!);
  const records = (path: string) =>
    fetch(`${ctx.url}/sandbox/paystack/checkout/records/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
  const disputeIds: number[] = [];
  for (const ref of verifiedRefs)
    disputeIds.push(((await (await records(`${ref}/dispute`)).json()) as { data: { id: number } }).data.id);
  await records(`disputes/${disputeIds[0]}/remind`);
  const statement = 'Membership paid and used.';
  const evidence = {
    customerEmail: 'ada@example.com',
    customerName: 'Ada Okafor',
    customerPhone: '08012345678',
    serviceDetails: statement,
  };
  await client.answerDispute({
    disputeId: disputeIds[0]!,
    resolution: 'declined',
    message: 'The member used the service',
    refundAmountKobo: 0,
    statement,
    evidence,
  });
  await client.answerDispute({
    disputeId: disputeIds[1]!,
    resolution: 'merchant-accepted',
    message: 'Refund the customer',
    refundAmountKobo: 5_000_000,
    statement,
  });
  // A second answer is refused in Paystack's envelope.
  await client.answerDispute({
    disputeId: disputeIds[1]!,
    resolution: 'merchant-accepted',
    message: 'Again',
    refundAmountKobo: 5_000_000,
    statement,
  });
  await ctx.sandbox.idle();
  await exerciseRefunds(paid);
  await exerciseSettlements();
}

/** Settlements: the sandbox settles what it took (less fees, refunds and the accepted dispute); read page by page. */
async function exerciseSettlements() {
  await ctx.sandbox.settlements.settle(new Date());
  const from = new Date(Date.now() - 3_600_000);
  const { settlements } = await client.listSettlements({ from, to: new Date(), page: 1, perPage: 50 });
  expect(settlements.length).toBeGreaterThan(0);
  const first = await client.settlementTransactions(settlements[0]!.id, { page: 1, perPage: 2 });
  if (first.pageCount > 1) await client.settlementTransactions(settlements[0]!.id, { page: 2, perPage: 2 });
}

/** Refunds: part, the rest, one too many, one that fails (refund-desk.ts), each read back. */
async function exerciseRefunds([paid, paidWithFees, failing]: string[]) {
  const refunds = [];
  const note = { merchantNote: 'Paid twice', customerNote: 'Refund of a second payment' };
  refunds.push(await client.createRefund({ transactionReference: paid!, amountKobo: 2_000_000, ...note }));
  refunds.push(await client.createRefund({ transactionReference: paid!, amountKobo: 3_000_000, ...note }));
  await client.createRefund({ transactionReference: paid!, amountKobo: 1, ...note });
  refunds.push(
    await client.createRefund({ transactionReference: paidWithFees!, amountKobo: 5_000_000, ...note }),
  );
  refunds.push(await client.createRefund({ transactionReference: failing!, amountKobo: 5_000_000, ...note }));
  await ctx.sandbox.idle();
  for (const refund of refunds) if ('id' in refund) await client.fetchRefund(refund.id);
  await client.fetchRefund(999);
  // The list by date, as a refund whose answer was lost is looked for: a page of two, then the rest.
  const from = new Date(Date.now() - 3_600_000);
  const first = await client.listRefunds({ from, to: new Date(), page: 1, perPage: 2 });
  if (first.pageCount > 1) await client.listRefunds({ from, to: new Date(), page: 2, perPage: 2 });
}

describe("Paystack's contract: the client's requests, the sandbox's answers and events", () => {
  beforeAll(exerciseEveryCall, 120_000);
  afterAll(() => {
    ctx.sandbox.deliverWebhooks = true;
  });

  it("accepts Paystack's own documented bodies (the schemas are Paystack's, not the sandbox's)", () => {
    const cases: [string, string, string][] = [
      ['POST', '/transaction/initialize', 'api_transactions_initialize_response.json'],
      ['GET', '/transaction/verify/re4lyvq3s3', 'api_transactions_verify_response.json'],
      ['GET', '/bank', 'api_miscellaneous_bank_response.json'],
      ['POST', '/transferrecipient', 'api_transfer-recipient_create_response.json'],
      ['POST', '/transfer', 'api_transfers_initiate_response.json'],
      ['POST', '/transfer/bulk', 'api_transfers_bulk_response.json'],
      ['GET', '/transfer/verify/x', 'api_transfers_verify_response.json'],
      ['POST', '/refund', 'api_refund_create_response.json'],
      ['GET', '/settlement', 'api_settlements_list_response.json'],
      ['GET', '/settlement/3090024/transactions', 'api_settlements_transactions_response.json'],
      ['GET', '/dispute/624/upload_url', 'api_disputes_upload-url_response.json'],
      ['POST', '/dispute/624/evidence', 'api_disputes_evidence_response.json'],
      ['PUT', '/dispute/624/resolve', 'api_disputes_resolve_response.json'],
    ];
    for (const [method, path, file] of cases)
      expect(contractProblem(endpointOf(method, path)!.answer, fixture(file)['200']!.data), file).toBeNull();
    // The resolve sample has no bank_id; Paystack's description requires it, and its sandbox answers give it.
    expect(
      contractProblem(endpointOf('POST', '/transfer')!.answer, fixture('otp.json')),
      'otp.json',
    ).toBeNull();
    for (const file of readdirSync(documentedDir).filter((f) => f.startsWith('doc_payments_'))) {
      const event = fixture(file);
      expect(contractProblem(EVENTS[event.event!]!, event), file).toBeNull();
    }
  });

  it("reads Paystack's documented dispute and settlement bodies with the platform's own parsers", () => {
    const body = (file: string) => fixture(file)['200']!.data as { data: unknown };
    const cases: [z.ZodTypeAny, string][] = [
      [disputeUploadUrlAnswer, 'api_disputes_upload-url_response.json'],
      [disputeEvidenceAnswer, 'api_disputes_evidence_response.json'],
      [disputeResolveAnswer, 'api_disputes_resolve_response.json'],
      [listSettlementsAnswer, 'api_settlements_list_response.json'],
      [settlementTransactionsAnswer, 'api_settlements_transactions_response.json'],
    ];
    for (const [schema, file] of cases) expect(contractProblem(schema, body(file)), file).toBeNull();
    // A dispute as the events carry it is Fetch Dispute's object: the documented fetch and list bodies, whose
    // refund_amount, currency and category are null, are read too (the description's stricter DisputeFetchResponse
    // stays the sandbox's contract above).
    expect(contractProblem(disputeData, body('api_disputes_fetch_response.json').data)).toBeNull();
    for (const item of body('api_disputes_list_response.json').data as unknown[])
      expect(contractProblem(disputeData, item), 'api_disputes_list_response.json').toBeNull();
    expect(disputeResolveAnswer.parse(body('api_disputes_resolve_response.json')).data).toMatchObject({
      status: 'resolved',
      resolution: 'merchant-accepted',
    });
    expect(listSettlementsAnswer.parse(body('api_settlements_list_response.json')).data[0]).toMatchObject({
      total_amount: 995,
      total_fees: 5,
      total_processed: 1000,
      deductions: null,
    });
  });

  it('sees every endpoint the platform uses exercised, and every request the client sent conforms', () => {
    const names = new Set(exchanges.map((e) => endpointOf(e.method, e.path)?.name));
    expect([...names].sort()).toEqual([
      'bank list',
      'bulk transfer',
      'dispute evidence',
      'dispute resolve',
      'dispute upload url',
      'finalize',
      'initialize',
      'payment session timeout',
      'payment session timeout update',
      'recipient',
      'refund',
      'refund fetch',
      'refund list',
      'resend otp',
      'resolve',
      'settlement list',
      'settlement transactions',
      'transfer',
      'transfer verify',
      'verify',
    ]);
    for (const e of exchanges) {
      const endpoint = endpointOf(e.method, e.path)!;
      if (endpoint.request)
        expect(contractProblem(endpoint.request, e.request), `${e.method} ${e.path} request`).toBeNull();
      if (endpoint.query)
        expect(contractProblem(endpoint.query, e.query), `${e.method} ${e.path} query`).toBeNull();
    }
  });

  it("gives answers in Paystack's shapes: each 2xx its endpoint's, each error Paystack's status:false envelope", () => {
    expect(exchanges.filter((e) => e.httpStatus >= 400).length).toBeGreaterThan(0);
    for (const e of exchanges) {
      const schema = e.httpStatus < 300 ? endpointOf(e.method, e.path)!.answer : errorAnswer;
      expect(contractProblem(schema, e.answer), `${e.method} ${e.path} ${e.httpStatus}`).toBeNull();
    }
    // The bank list came in more than one cursor page.
    expect(exchanges.filter((e) => e.path === '/bank').length).toBeGreaterThan(1);
  });

  it("sends events in Paystack's shapes, for every transfer path, every refund step and every dispute event", () => {
    const events = ctx.sandbox.webhooks.map(
      (w) => JSON.parse(w.rawBody) as { event: string; data: { status: string } },
    );
    expect(new Set(events.map((e) => e.event))).toEqual(
      new Set([
        'charge.success',
        'transfer.success',
        'transfer.failed',
        'transfer.reversed',
        'refund.pending',
        'refund.processing',
        'refund.processed',
        'refund.failed',
        'charge.dispute.create',
        'charge.dispute.remind',
        'charge.dispute.resolve',
      ]),
    );
    for (const event of events) expect(contractProblem(EVENTS[event.event]!, event), event.event).toBeNull();
    expect(new Set(events.filter((e) => e.event === 'transfer.failed').map((e) => e.data.status))).toEqual(
      new Set(['failed', 'blocked', 'rejected']),
    );
  });

  it('answers errors in the status:false envelope also for a POST without a JSON content type and an unknown path', async () => {
    const auth = { authorization: `Bearer ${SANDBOX_SECRET_KEY}` };
    const plain = await fetch(`${ctx.url}/sandbox/paystack/transfer`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'text/plain' },
      body: 'amount=1',
    });
    const unknown = await fetch(`${ctx.url}/sandbox/paystack/no/such/endpoint`, { headers: auth });
    const broken = await fetch(`${ctx.url}/sandbox/paystack/transfer`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: '{"amount":',
    });
    for (const response of [plain, unknown, broken]) {
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(contractProblem(errorAnswer, await response.json())).toBeNull();
    }
  });

  it('bites: removing any required field from any sandbox answer or event fails the contract', () => {
    let removals = 0;
    const tryWithout = (schema: z.ZodTypeAny, body: Record<string, unknown>, label: string) => {
      const data = body.data as Record<string, unknown> | unknown[] | undefined;
      const target = Array.isArray(data) ? (data[0] as Record<string, unknown>) : data;
      if (!target || typeof target !== 'object') return;
      for (const key of Object.keys(target)) {
        const copy = structuredClone(body);
        const copyData = copy.data as Record<string, unknown> | Record<string, unknown>[];
        delete (Array.isArray(copyData) ? copyData[0]! : copyData)[key];
        // A field the schema lets go missing is optional there; every other removal must be caught.
        if (contractProblem(schema, copy) === null) continue;
        removals += 1;
      }
      expect(contractProblem(schema, body), label).toBeNull();
    };
    for (const e of exchanges.filter((x) => x.httpStatus < 300 && x.answer && typeof x.answer === 'object'))
      tryWithout(
        endpointOf(e.method, e.path)!.answer,
        e.answer as Record<string, unknown>,
        `${e.method} ${e.path}`,
      );
    for (const w of ctx.sandbox.webhooks) {
      const event = JSON.parse(w.rawBody) as Record<string, unknown> & { event: string };
      tryWithout(EVENTS[event.event]!, event, event.event);
    }
    expect(removals).toBeGreaterThan(100);
    // And by name: the verify answer without requested_amount, a transfer without its transfer_code, an event without its recipient.
    const verify = exchanges.find((e) => e.path.startsWith('/transaction/verify/') && e.httpStatus === 200)!;
    const withoutRequested = structuredClone(verify.answer) as { data: Record<string, unknown> };
    delete withoutRequested.data.requested_amount;
    expect(contractProblem(endpointOf('GET', verify.path)!.answer, withoutRequested)).toMatch(
      /^data\.requested_amount/,
    );
    const transfer = exchanges.find((e) => e.path === '/transfer' && e.httpStatus === 200)!;
    const withoutCode = structuredClone(transfer.answer) as { data: Record<string, unknown> };
    delete withoutCode.data.transfer_code;
    expect(contractProblem(endpointOf('POST', '/transfer')!.answer, withoutCode)).toMatch(
      /^data\.transfer_code/,
    );
    const event = JSON.parse(ctx.sandbox.webhooks.find((w) => w.event === 'transfer.success')!.rawBody) as {
      data: Record<string, unknown>;
    };
    delete event.data.recipient;
    expect(contractProblem(EVENTS['transfer.success']!, event)).toMatch(/^data\.recipient/);
    const dispute = JSON.parse(
      ctx.sandbox.webhooks.find((w) => w.event === 'charge.dispute.create')!.rawBody,
    ) as { data: Record<string, unknown> };
    delete dispute.data.dueAt;
    expect(contractProblem(EVENTS['charge.dispute.create']!, dispute)).toMatch(/^data\.dueAt/);
    const resolved = exchanges.find((e) => /^\/dispute\/\d+\/resolve$/.test(e.path) && e.httpStatus === 200)!;
    const withoutFile = structuredClone(resolved.request) as Record<string, unknown>;
    delete withoutFile.uploaded_filename;
    expect(contractProblem(endpointOf('PUT', resolved.path)!.request!, withoutFile)).toMatch(
      /^uploaded_filename/,
    );
    // A refund answer without its id, a refund event without the payment's reference.
    const refund = exchanges.find((e) => e.path === '/refund' && e.httpStatus === 200)!;
    const withoutId = structuredClone(refund.answer) as { data: Record<string, unknown> };
    delete withoutId.data.id;
    expect(contractProblem(endpointOf('POST', '/refund')!.answer, withoutId)).toMatch(/^data\.id/);
    const processed = JSON.parse(
      ctx.sandbox.webhooks.find((w) => w.event === 'refund.processed')!.rawBody,
    ) as { data: Record<string, unknown> };
    delete processed.data.transaction_reference;
    expect(contractProblem(EVENTS['refund.processed']!, processed)).toMatch(/^data\.transaction_reference/);
  });
});
