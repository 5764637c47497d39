import { formatNaira } from '@coop/core';
import { desc } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sandboxTransactions } from '../../../db/schema';
import { disputeData } from './dispute-data';
import { sandboxDisputeStore } from './dispute-store';
import { paystackError, paystackOk } from './paystack-reply';
import { renderRecordsPage } from './records-page';
import type { SandboxState } from './state';

const fromForm = (request: FastifyRequest) =>
  (request.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded');

/**
 * The records page of the sandbox checkout and its buttons, for an administrator trying disputes offline, and the
 * same two posts as JSON for tests: raise a dispute on a paid payment (charge.dispute.create), remind of an open
 * one (charge.dispute.remind). Like the checkout page they need no key: the sandbox is only mounted in test mode.
 */
export function recordsRoutes(app: FastifyInstance, state: SandboxState) {
  const disputes = sandboxDisputeStore(app.db);

  /** A form post goes back to the page with a notice; a JSON post gets Paystack's envelope. */
  const done = (
    request: FastifyRequest,
    reply: FastifyReply,
    httpStatus: number,
    message: string,
    data?: unknown,
  ) => {
    if (fromForm(request))
      return reply.redirect(`/sandbox/paystack/checkout/records?notice=${encodeURIComponent(message)}`, 303);
    return httpStatus < 300 ? paystackOk(reply, message, data) : paystackError(reply, httpStatus, message);
  };

  app.get<{ Querystring: { notice?: string } }>('/checkout/records', async (request, reply) => {
    const rows = await app.db
      .select()
      .from(sandboxTransactions)
      .orderBy(desc(sandboxTransactions.createdAt))
      .limit(100);
    const transactions = await Promise.all(rows.map((r) => state.transactions.get(r.reference)));
    const html = renderRecordsPage(
      transactions.filter((t) => t !== null),
      await disputes.recent(),
      request.query.notice?.slice(0, 200) ?? null,
    );
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(html);
  });

  app.post<{ Params: { reference: string } }>(
    '/checkout/records/:reference/dispute',
    async (request, reply) => {
      const transaction = await state.transactions.get(request.params.reference);
      if (!transaction) return done(request, reply, 404, 'Transaction not found');
      if (transaction.status !== 'success')
        return done(request, reply, 400, 'Only a successful transaction can be disputed');
      const open = (await disputes.recent()).find(
        (d) => d.transactionReference === transaction.reference && d.status !== 'resolved',
      );
      if (open) return done(request, reply, 400, `Dispute ${open.id} is already open on this transaction`);
      const dispute = await disputes.raise(transaction.reference, transaction.amountKobo, new Date());
      const data = disputeData(dispute, transaction);
      await state.sendWebhook('charge.dispute.create', transaction.reference, data);
      return done(request, reply, 200, `Dispute ${dispute.id} raised on ${transaction.reference}`, data);
    },
  );

  // Paystack settles daily; this settles up to now, for an administrator trying the settlements page offline.
  app.post('/checkout/records/settle', async (request, reply) => {
    const settlement = await state.settlements.settle(new Date());
    if (!settlement) return done(request, reply, 200, 'Nothing to settle: every payment is settled already');
    return done(
      request,
      reply,
      200,
      `Settlement ${settlement.id} made: ${formatNaira(settlement.totalAmountKobo)} to the bank`,
      { id: settlement.id },
    );
  });

  app.post<{ Params: { id: string } }>('/checkout/records/disputes/:id/remind', async (request, reply) => {
    const dispute = /^\d+$/.test(request.params.id) ? await disputes.get(Number(request.params.id)) : null;
    const transaction = dispute ? await state.transactions.get(dispute.transactionReference) : null;
    if (!dispute || !transaction) return done(request, reply, 404, 'Dispute not found');
    if (dispute.status === 'resolved') return done(request, reply, 400, 'Dispute has already been resolved');
    const data = disputeData(dispute, transaction);
    await state.sendWebhook('charge.dispute.remind', transaction.reference, data);
    return done(request, reply, 200, `Reminder sent for dispute ${dispute.id}`, data);
  });
}
