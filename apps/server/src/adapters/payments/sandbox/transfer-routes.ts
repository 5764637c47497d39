import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { paystackError, paystackOk } from './paystack-reply';
import { findSandboxBank } from './nigerian-banks';
import {
  recipientData,
  transferAnswerData,
  transferVerifyData,
  transferWebhookData,
  type SandboxState,
  type SandboxTransfer,
} from './state';
import {
  initialTransferStatus,
  isUnknownAccount,
  laterSteps,
  SANDBOX_TRANSFER_OTP,
  transferScenario,
} from './test-accounts';

const recipientBody = z.object({
  type: z.literal('nuban'),
  name: z.string().min(1),
  account_number: z.string().regex(/^\d{10}$/),
  bank_code: z.string().min(1),
  currency: z.literal('NGN').default('NGN'),
});

const transferItem = z.object({
  amount: z.number().int().positive(),
  recipient: z.string().min(1),
  // Paystack: lowercase letters, digits, - and _, at least 16 characters.
  reference: z.string().regex(/^[a-z0-9_-]{16,100}$/),
  reason: z.string().default(''),
});
const transferBody = transferItem.extend({
  source: z.literal('balance'),
  currency: z.literal('NGN').default('NGN'),
});
const bulkBody = z.object({
  source: z.literal('balance'),
  currency: z.literal('NGN').default('NGN'),
  transfers: z.array(transferItem).min(1).max(100),
});

// Paystack's TransferFinalize and TransferResendOTP request bodies (openapi.yaml).
const finalizeBody = z.object({ transfer_code: z.string().min(1), otp: z.string().min(1) });
const resendBody = z.object({
  transfer_code: z.string().min(1),
  reason: z.enum(['resend_otp', 'transfer', 'disable_otp']).default('transfer'),
});

const invalid = (issues: z.core.$ZodIssue[]) => `Invalid ${issues[0]?.path.join('.') || 'request'}`;

/**
 * Transfers are answered as Paystack answers them and move on after the answer has gone out, each step with its
 * signed webhook, along the path the recipient's account number chooses (test-accounts.ts): success; failed for a
 * number ending in 9; otp (finalised with SANDBOX_TRANSFER_OTP), received, abandoned, blocked, rejected, reversed
 * after success, failed after success, pending for ever or never received for the numbers listed there. With
 * state.autoCompleteTransfers off they wait for state.completeTransfer(reference, status).
 */
export function transferRoutes(app: FastifyInstance, state: SandboxState) {
  app.post('/transferrecipient', async (request, reply) => {
    const parsed = recipientBody.safeParse(request.body);
    if (!parsed.success)
      return paystackError(reply, 400, invalid(parsed.error.issues), {
        type: 'validation_error',
        code: 'invalid_params',
      });
    const { name, account_number: accountNumber, bank_code: bankCode } = parsed.data;
    const bank = findSandboxBank(bankCode);
    if (!bank || isUnknownAccount(accountNumber))
      return paystackError(reply, 400, 'Cannot resolve account', {
        type: 'validation_error',
        code: 'invalid_bank_code',
      });
    const recipient = await state.recipients.upsert({
      code: state.newCode('RCP'),
      name,
      accountNumber,
      bankCode,
      bankName: bank.name,
    });
    return paystackOk(
      reply,
      'Transfer recipient created successfully',
      recipientData(recipient, new Date().toISOString()),
      201,
    );
  });

  // Steps that wait for the platform to have seen the status before them, by transfer reference.
  const waitingSteps = new Map<string, ReturnType<typeof laterSteps>>();
  const runSteps = (reference: string, steps: ReturnType<typeof laterSteps>) => {
    if (!state.autoCompleteTransfers || steps.length === 0) return;
    state.schedule(async () => {
      for (const [index, step] of steps.entries()) {
        if (step.afterSeen) {
          waitingSteps.set(
            reference,
            steps.slice(index).map((s, i) => (i === 0 ? { ...s, afterSeen: false } : s)),
          );
          return;
        }
        await state.completeTransfer(reference, step.status, step.event);
      }
    });
  };

  const queue = async (
    item: z.infer<typeof transferItem>,
    scenario: ReturnType<typeof transferScenario>,
  ): Promise<SandboxTransfer> => {
    const transfer = await state.transfers.insert({
      reference: item.reference,
      transferCode: state.newCode('TRF'),
      amountKobo: item.amount,
      reason: item.reason,
      recipientCode: item.recipient,
      status: initialTransferStatus(scenario),
    });
    runSteps(transfer.reference, laterSteps(scenario));
    return transfer;
  };
  const scenarioOf = async (recipientCode: string) =>
    transferScenario((await state.recipients.get(recipientCode))!.accountNumber);
  const unknownRecipient = async (items: { recipient: string }[]) => {
    for (const item of items) if (!(await state.recipients.get(item.recipient))) return item;
    return undefined;
  };

  app.post('/transfer', async (request, reply) => {
    const parsed = transferBody.safeParse(request.body);
    if (!parsed.success)
      return paystackError(reply, 400, invalid(parsed.error.issues), {
        type: 'validation_error',
        code: 'invalid_params',
      });
    if (await unknownRecipient([parsed.data]))
      return paystackError(reply, 400, 'Recipient specified is invalid', {
        type: 'validation_error',
        code: 'invalid_transfer_recipient',
      });
    if ((await state.transfers.exists([parsed.data.reference])).length > 0)
      return paystackError(reply, 400, 'Reference already exists on a transfer', {
        type: 'validation_error',
        code: 'duplicate_reference',
      });
    const scenario = await scenarioOf(parsed.data.recipient);
    // Paystack had an outage: nothing is recorded, so the reference stays unknown to it.
    if (scenario === 'never_received')
      return paystackError(reply, 500, 'An error occurred', { type: 'api_error', code: 'unknown' });
    const transfer = await queue(parsed.data, scenario);
    return paystackOk(
      reply,
      transfer.status === 'otp' ? 'Transfer requires OTP to continue' : 'Transfer has been queued',
      transferAnswerData(transfer),
    );
  });

  app.post('/transfer/bulk', async (request, reply) => {
    const parsed = bulkBody.safeParse(request.body);
    if (!parsed.success)
      return paystackError(reply, 400, invalid(parsed.error.issues), {
        type: 'validation_error',
        code: 'invalid_params',
      });
    const { transfers } = parsed.data;
    if (await unknownRecipient(transfers))
      return paystackError(reply, 400, 'Recipient specified is invalid', {
        type: 'validation_error',
        code: 'invalid_transfer_recipient',
      });
    const references = transfers.map((t) => t.reference);
    const taken = new Set(await state.transfers.exists(references));
    const duplicates = references.filter((r, i) => taken.has(r) || references.indexOf(r) !== i);
    if (duplicates.length > 0)
      return paystackError(reply, 400, `Duplicate reference(s) found: ${duplicates.join(', ')}`, {
        type: 'api_error',
        code: 'unknown',
      });
    const queued: SandboxTransfer[] = [];
    // Paystack's bulk transfers need OTP off, so no item waits for a code; the other paths are the same.
    for (const item of transfers) {
      const scenario = await scenarioOf(item.recipient);
      queued.push(
        await queue(
          item,
          scenario === 'otp' || scenario === 'abandoned' || scenario === 'never_received'
            ? 'success'
            : scenario,
        ),
      );
    }
    return paystackOk(
      reply,
      `${queued.length} transfers queued.`,
      queued.map((t) => ({
        reference: t.reference,
        recipient: t.recipient.code,
        amount: t.amountKobo,
        transfer_code: t.transferCode,
        currency: 'NGN',
        status: t.status,
      })),
    );
  });

  app.post('/transfer/finalize_transfer', async (request, reply) => {
    const parsed = finalizeBody.safeParse(request.body);
    if (!parsed.success)
      return paystackError(reply, 400, invalid(parsed.error.issues), {
        type: 'validation_error',
        code: 'invalid_params',
      });
    const transfer = await state.transfers.byCode(parsed.data.transfer_code);
    if (!transfer)
      return paystackError(reply, 404, 'Transfer not found', {
        type: 'validation_error',
        code: 'transfer_not_found',
      });
    if (transfer.status !== 'otp')
      return paystackError(reply, 400, 'Transfer is not currently awaiting OTP', {
        type: 'validation_error',
        code: 'invalid_params',
      });
    if (parsed.data.otp !== SANDBOX_TRANSFER_OTP)
      return paystackError(reply, 400, 'Invalid OTP', { type: 'validation_error', code: 'invalid_otp' });
    // Test transfers succeed once finalised ("Test transfers always return success", paystack.com/docs/transfers/single-transfers).
    const done = (await state.transfers.complete(transfer.reference, 'success', new Date()))!;
    if (state.autoCompleteTransfers)
      state.schedule(() => state.sendWebhook('transfer.success', done.reference, transferWebhookData(done)));
    return paystackOk(reply, 'Transfer has been queued', transferAnswerData(done));
  });

  app.post('/transfer/resend_otp', async (request, reply) => {
    const parsed = resendBody.safeParse(request.body);
    if (!parsed.success)
      return paystackError(reply, 400, invalid(parsed.error.issues), {
        type: 'validation_error',
        code: 'invalid_params',
      });
    const transfer = await state.transfers.byCode(parsed.data.transfer_code);
    if (!transfer)
      return paystackError(reply, 404, 'Transfer not found', {
        type: 'validation_error',
        code: 'transfer_not_found',
      });
    if (transfer.status !== 'otp')
      return paystackError(reply, 400, 'Transfer is not currently awaiting OTP', {
        type: 'validation_error',
        code: 'invalid_params',
      });
    return paystackOk(reply, 'OTP has been resent', undefined);
  });

  app.get<{ Params: { reference: string } }>('/transfer/verify/:reference', async (request, reply) => {
    const transfer = await state.transfers.get(request.params.reference);
    if (!transfer)
      return paystackError(reply, 404, 'Transfer not found', {
        type: 'validation_error',
        code: 'transfer_not_found',
      });
    const next = waitingSteps.get(transfer.reference);
    if (next) {
      waitingSteps.delete(transfer.reference);
      runSteps(transfer.reference, next);
    }
    return paystackOk(reply, 'Transfer retrieved', transferVerifyData(transfer));
  });
}
