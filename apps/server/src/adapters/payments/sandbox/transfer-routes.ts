import { BANKS, findBank } from '@coop/core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { paystackError, paystackOk } from './paystack-reply';
import { transferWebhookData, type SandboxState, type SandboxTransfer } from './state';

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
const transferBody = transferItem.extend({ source: z.literal('balance'), currency: z.literal('NGN').default('NGN') });
const bulkBody = z.object({ source: z.literal('balance'), currency: z.literal('NGN').default('NGN'), transfers: z.array(transferItem).min(1).max(100) });

const invalid = (issues: z.core.$ZodIssue[]) => `Invalid ${issues[0]?.path.join('.') || 'request'}`;

/**
 * Transfers are queued (status pending) and complete after the answer has gone out: success, or failed for an
 * account number ending in 9, each with its signed webhook. With state.autoCompleteTransfers off they wait
 * for state.completeTransfer(reference, 'success' | 'failed' | 'reversed').
 */
export function transferRoutes(app: FastifyInstance, state: SandboxState) {
  app.post('/transferrecipient', async (request, reply) => {
    const parsed = recipientBody.safeParse(request.body);
    if (!parsed.success) return paystackError(reply, 400, invalid(parsed.error.issues), { type: 'validation_error', code: 'invalid_params' });
    const { name, account_number: accountNumber, bank_code: bankCode } = parsed.data;
    const bank = findBank(BANKS, bankCode);
    if (!bank || accountNumber.startsWith('000')) return paystackError(reply, 400, 'Cannot resolve account', { type: 'validation_error', code: 'invalid_bank_code' });
    const recipient = await state.recipients.upsert({ code: state.newCode('RCP'), name, accountNumber, bankCode, bankName: bank.name });
    return paystackOk(
      reply,
      'Transfer recipient created successfully',
      {
        active: true,
        currency: 'NGN',
        domain: 'test',
        id: recipient.id,
        name: recipient.name,
        recipient_code: recipient.code,
        type: 'nuban',
        is_deleted: false,
        details: { authorization_code: null, account_number: accountNumber, account_name: recipient.name, bank_code: bankCode, bank_name: bank.name },
      },
      201,
    );
  });

  const queue = async (item: z.infer<typeof transferItem>): Promise<SandboxTransfer> => {
    const transfer = await state.transfers.insert({
      reference: item.reference,
      transferCode: state.newCode('TRF'),
      amountKobo: item.amount,
      reason: item.reason,
      recipientCode: item.recipient,
    });
    if (state.autoCompleteTransfers)
      state.schedule(() => state.completeTransfer(transfer.reference, transfer.recipient.accountNumber.endsWith('9') ? 'failed' : 'success'));
    return transfer;
  };
  const unknownRecipient = async (items: { recipient: string }[]) => {
    for (const item of items) if (!(await state.recipients.get(item.recipient))) return item;
    return undefined;
  };

  app.post('/transfer', async (request, reply) => {
    const parsed = transferBody.safeParse(request.body);
    if (!parsed.success) return paystackError(reply, 400, invalid(parsed.error.issues), { type: 'validation_error', code: 'invalid_params' });
    if (await unknownRecipient([parsed.data]))
      return paystackError(reply, 400, 'Recipient specified is invalid', { type: 'validation_error', code: 'invalid_transfer_recipient' });
    if ((await state.transfers.exists([parsed.data.reference])).length > 0)
      return paystackError(reply, 400, 'Reference already exists on a transfer', { type: 'validation_error', code: 'duplicate_reference' });
    const transfer = await queue(parsed.data);
    return paystackOk(reply, 'Transfer has been queued', { ...transferWebhookData(transfer), recipient: transfer.recipient.id });
  });

  app.post('/transfer/bulk', async (request, reply) => {
    const parsed = bulkBody.safeParse(request.body);
    if (!parsed.success) return paystackError(reply, 400, invalid(parsed.error.issues), { type: 'validation_error', code: 'invalid_params' });
    const { transfers } = parsed.data;
    if (await unknownRecipient(transfers))
      return paystackError(reply, 400, 'Recipient specified is invalid', { type: 'validation_error', code: 'invalid_transfer_recipient' });
    const references = transfers.map((t) => t.reference);
    const taken = new Set(await state.transfers.exists(references));
    const duplicates = references.filter((r, i) => taken.has(r) || references.indexOf(r) !== i);
    if (duplicates.length > 0) return paystackError(reply, 400, `Duplicate reference(s) found: ${duplicates.join(', ')}`, { type: 'api_error', code: 'unknown' });
    const queued: SandboxTransfer[] = [];
    for (const item of transfers) queued.push(await queue(item));
    return paystackOk(
      reply,
      `${queued.length} transfers queued.`,
      queued.map((t) => ({ reference: t.reference, recipient: t.recipient.code, amount: t.amountKobo, transfer_code: t.transferCode, currency: 'NGN', status: t.status })),
    );
  });

  app.get<{ Params: { reference: string } }>('/transfer/verify/:reference', async (request, reply) => {
    const transfer = await state.transfers.get(request.params.reference);
    if (!transfer) return paystackError(reply, 404, 'Transfer not found', { type: 'validation_error', code: 'transfer_not_found' });
    return paystackOk(reply, 'Transfer retrieved', transferWebhookData(transfer));
  });
}
