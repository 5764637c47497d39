import { createHmac, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { disputeData, disputeResolveData } from './dispute-data';
import { sandboxDisputeStore, type SandboxDispute } from './dispute-store';
import { paystackError, paystackOk } from './paystack-reply';
import type { SandboxState } from './state';

/** Uploads go to a signed address, as Paystack's upload_url gives one: no secret key, a signature in the query. */
export const SANDBOX_UPLOAD_PATH = '/sandbox/paystack/uploads/';

const updateBody = z.object({
  refund_amount: z.number().int().nonnegative(),
  uploaded_filename: z.string().optional(),
});
const evidenceBody = z.object({
  customer_email: z.string().min(1),
  customer_name: z.string().min(1),
  customer_phone: z.string().min(1),
  service_details: z.string().min(1),
  delivery_address: z.string().optional(),
  delivery_date: z.string().optional(),
});
const resolveBody = z.object({
  resolution: z.enum(['merchant-accepted', 'declined']),
  message: z.string().min(1),
  refund_amount: z.number().int().nonnegative(),
  uploaded_filename: z.string().min(1),
  evidence: z.number().int().optional(),
});

const invalid = (reply: FastifyReply, error: z.ZodError) =>
  paystackError(
    reply,
    400,
    `${error.issues[0]?.path.join('.') || 'body'} is invalid: ${error.issues[0]?.message ?? ''}`,
    { type: 'validation_error', code: 'invalid_params' },
  );

/**
 * Paystack's dispute endpoints as its API description gives them (GET/PUT /dispute/:id, GET
 * /dispute/:id/upload_url, POST /dispute/:id/evidence, PUT /dispute/:id/resolve), and the signed upload address.
 * Resolving sends charge.dispute.resolve after the answer, as Paystack's queue does.
 */
export function disputeRoutes(app: FastifyInstance, state: SandboxState) {
  const disputes = sandboxDisputeStore(app.db);
  const signature = (fileName: string) =>
    createHmac('sha256', state.secretKey).update(fileName).digest('hex');

  /** The dispute and its transaction, or Paystack's 404 answered. */
  async function load(request: FastifyRequest<{ Params: { id: string } }>, reply: FastifyReply) {
    const dispute = /^\d+$/.test(request.params.id) ? await disputes.get(Number(request.params.id)) : null;
    const transaction = dispute ? await state.transactions.get(dispute.transactionReference) : null;
    if (!dispute || !transaction) {
      paystackError(reply, 404, 'Dispute not found', { type: 'api_error', code: 'not_found' });
      return null;
    }
    return { dispute, transaction };
  }

  app.get<{ Params: { id: string } }>('/dispute/:id', async (request, reply) => {
    const found = await load(request, reply);
    if (found) return paystackOk(reply, 'Dispute retrieved', disputeData(found.dispute, found.transaction));
  });

  app.put<{ Params: { id: string } }>('/dispute/:id', async (request, reply) => {
    const found = await load(request, reply);
    if (!found) return;
    const body = updateBody.safeParse(request.body);
    if (!body.success) return invalid(reply, body.error);
    if (body.data.refund_amount > found.dispute.refundAmountKobo)
      return paystackError(reply, 400, 'Refund amount cannot be greater than the disputed amount');
    const updated = (await disputes.update(found.dispute.id, { refundAmountKobo: body.data.refund_amount }))!;
    return paystackOk(reply, 'Dispute updated successfully', disputeData(updated, found.transaction));
  });

  app.get<{ Params: { id: string } }>('/dispute/:id/upload_url', async (request, reply) => {
    const found = await load(request, reply);
    if (!found) return;
    const fileName = `dispute-${found.dispute.id}-${randomBytes(6).toString('hex')}`;
    const signedUrl = new URL(`${SANDBOX_UPLOAD_PATH}${fileName}`, state.webhookUrl);
    signedUrl.searchParams.set('signature', signature(fileName));
    return paystackOk(reply, 'Upload url generated', { signedUrl: signedUrl.toString(), fileName });
  });

  app.put<{ Params: { fileName: string }; Querystring: { signature?: string } }>(
    '/uploads/:fileName',
    async (request, reply) => {
      const { fileName } = request.params;
      const id = /^dispute-(\d+)-[0-9a-f]+$/.exec(fileName)?.[1];
      if (!id || request.query.signature !== signature(fileName))
        return paystackError(reply, 403, 'Request has expired or is not signed');
      const dispute = await disputes.get(Number(id));
      if (!dispute) return paystackError(reply, 404, 'Dispute not found');
      const size = typeof request.body === 'string' ? Buffer.byteLength(request.body) : 0;
      if (size === 0) return paystackError(reply, 400, 'The file is empty');
      await disputes.update(dispute.id, { uploads: { ...dispute.uploads, [fileName]: size } });
      return reply.status(200).send();
    },
  );

  app.post<{ Params: { id: string } }>('/dispute/:id/evidence', async (request, reply) => {
    const found = await load(request, reply);
    if (!found) return;
    const body = evidenceBody.safeParse(request.body);
    if (!body.success) return invalid(reply, body.error);
    const now = new Date().toISOString();
    const evidence = {
      delivery_address: '',
      delivery_date: '',
      ...body.data,
      dispute: found.dispute.id,
      id: found.dispute.id * 10 + Object.keys(found.dispute.uploads).length,
      createdAt: now,
      updatedAt: now,
    };
    await disputes.update(found.dispute.id, { evidence });
    return paystackOk(reply, 'Evidence created', evidence);
  });

  app.put<{ Params: { id: string } }>('/dispute/:id/resolve', async (request, reply) => {
    const found = await load(request, reply);
    if (!found) return;
    const body = resolveBody.safeParse(request.body);
    if (!body.success) return invalid(reply, body.error);
    const { dispute, transaction } = found;
    if (dispute.status === 'resolved') return paystackError(reply, 400, 'Dispute has already been resolved');
    if (!(body.data.uploaded_filename in dispute.uploads))
      return paystackError(reply, 400, 'Upload a file for this dispute first (uploaded_filename)');
    if (
      body.data.resolution === 'merchant-accepted' &&
      (body.data.refund_amount <= 0 || body.data.refund_amount > dispute.refundAmountKobo)
    )
      return paystackError(reply, 400, 'Refund amount must be more than 0 and at most the disputed amount');
    const now = new Date();
    const resolved = (await disputes.update(dispute.id, {
      status: 'resolved',
      resolution: body.data.resolution,
      // Accepted: what goes back to the customer is the refund_amount the merchant gave (Paystack's resolve body).
      ...(body.data.resolution === 'merchant-accepted' ? { refundAmountKobo: body.data.refund_amount } : {}),
      note: body.data.message,
      resolvedAt: now,
      messages: [
        ...dispute.messages,
        { sender: 'merchant', body: body.data.message, createdAt: now.toISOString() },
      ],
    })) as SandboxDispute;
    state.schedule(() =>
      state.sendWebhook('charge.dispute.resolve', transaction.reference, disputeData(resolved, transaction)),
    );
    return paystackOk(
      reply,
      'Dispute successfully resolved',
      disputeResolveData(resolved, transaction, body.data.message),
    );
  });
}
