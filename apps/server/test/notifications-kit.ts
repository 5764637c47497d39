import { sql } from 'drizzle-orm';
import type { App } from '../src/app';
import { queryRows } from '../src/db/rows';
import { createMailWorker } from '../src/modules/notifications/mail-worker';
import { createTestAccount, signInAs } from './accounts-kit';
import type { callApi } from './payments-kit';
import { pressCheckout, startPayment } from './payments-kit';

type Ctx = Parameters<typeof callApi>[0];

/** A Main account that pays its fee through the sandbox checkout, as a person does (webhook, verification, placement). */
export async function payingMember(ctx: Ctx, options: { fullName: string; sponsorAccountId?: string }) {
  const account = await createTestAccount(ctx.app, {
    fullName: options.fullName,
    sponsorAccountId: options.sponsorAccountId ?? null,
  });
  const headers = await signInAs(ctx.app, account.id);
  const { checkoutUrl, reference } = await startPayment(ctx, headers);
  await pressCheckout(checkoutUrl, 'success');
  await ctx.app.paymentWork.settled();
  return { account, headers, reference };
}

export interface OutboxMail {
  subject: string;
  text: string;
  html: string;
  links: string[];
}

/** The outbox as the dev seam lists it (which also drains a running worker first). */
export async function outboxOf(app: App, email: string): Promise<OutboxMail[]> {
  const res = await app.inject({ method: 'GET', url: `/api/dev/mail?to=${encodeURIComponent(email)}` });
  return res.json();
}

export async function queueStatuses(app: App, email: string) {
  return queryRows<{ status: string; n: number }>(
    app.db,
    sql`select status, count(*)::int as n from mail_queue where to_address = ${email} group by status order by status`,
  );
}

/** A second instance's worker on the same database (its own instance name, its own claims). */
export function otherInstanceWorker(app: App, instance: string, batch = 1) {
  return createMailWorker(
    {
      db: app.db,
      transport: () => app.mailer,
      site: {
        name: app.config.site.name,
        email: app.config.site.email,
        publicUrl: app.config.publicUrl,
        unsubscribeSecret: app.config.jwtSecret,
      },
      log: app.log,
      instance,
    },
    { pollMs: 60_000, listen: async () => async () => {}, batch },
  );
}
