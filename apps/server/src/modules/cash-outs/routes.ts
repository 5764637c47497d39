import { toNairaString, type Programme } from '@coop/core';
import {
  approvalPendingAnswerSchema,
  cashOutAnswerSchema as cashOutAnswer,
  cashOutSchema,
  errorSchema,
  cashOutKeyHeaders,
} from '@coop/core/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { cashOutsForRecord } from './member-record-part';
import { signedIn } from '../../plugins/auth';
import { needsSecondAdministrator, requestApproval } from '../approvals/request-approval';
import { cashOutApproval } from './cash-out-approval';
import { recordCashOut, type CashOut } from './record-cash-out';

const view = (cashOut: CashOut) => ({
  message: 'Cash payout recorded',
  data: {
    id: cashOut.id,
    programme: cashOut.programme,
    email: cashOut.email,
    fullName: cashOut.fullName,
    amount: toNairaString(cashOut.amountKobo),
    recordedBy: cashOut.recordedBy,
    createdAt: cashOut.createdAt.toISOString(),
  },
});

const ROUTES: Array<{ url: string; programme: Programme; name: string }> = [
  { url: '/admin/payOutCash', programme: 'main', name: 'Main' },
  { url: '/admin/payOutCash2', programme: 'welcomeback', name: 'Welcome Back' },
];

/**
 * The admin cash-out screens: a cash payout made by hand, debited from the member's wallet once per request. Above
 * APPROVAL_THRESHOLD_KOBO it is asked for first: the amount is set aside from the wallet at once and the cash is
 * handed over only when a second administrator approves (decision 0040).
 */
export const cashOutRoutes: FastifyPluginAsyncZod = async (app) => {
  app.approvalActs.add(cashOutApproval);
  app.memberRecordParts.cashOuts = cashOutsForRecord;
  for (const route of ROUTES) {
    app.put(
      route.url,
      {
        config: { access: 'admin' },
        schema: {
          tags: ['admin'],
          summary: `Record a cash payout to a ${route.name} member (email and amount in naira; once per Idempotency-Key); above APPROVAL_THRESHOLD_KOBO it is asked for first (202): the amount is set aside from the wallet at once, and the cash is handed over only once a second administrator approves`,
          headers: cashOutKeyHeaders,
          body: cashOutSchema,
          response: {
            200: cashOutAnswer,
            202: approvalPendingAnswerSchema,
            400: errorSchema,
            404: errorSchema,
            409: errorSchema,
            422: errorSchema,
          },
        },
      },
      async (request, reply) => {
        const input = {
          programme: route.programme,
          email: request.body.email,
          amountKobo: request.body.amount,
          idempotencyKey: request.headers['idempotency-key'],
        };
        // Above the threshold the cash-out is asked for: set aside now, handed over and recorded when approved.
        if (input.amountKobo > app.config.approvals.thresholdKobo && (await needsSecondAdministrator(app)))
          return reply
            .status(202)
            .send(
              await requestApproval(app, signedIn(request), cashOutApproval, input, input.idempotencyKey),
            );
        const cashOut = await recordCashOut(app.db, signedIn(request), input);
        if (cashOut.replayed) reply.header('idempotent-replayed', 'true');
        return view(cashOut);
      },
    );
  }
};
