import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { smtpTransport } from '../src/adapters/mail/smtp';
import { buildApp, type App } from '../src/app';
import type { Database } from '../src/db/client';
import { queryRows } from '../src/db/rows';
import { notify } from '../src/modules/notifications/mail-queue';
import { createTestAccount } from './accounts-kit';
import { testConfig } from './app';
import { describeEachDatabase } from './databases';
import { startSmtpServer, type TestSmtpServer } from './smtp-kit';

/** RFC 8058 one-click unsubscribe, seen on the wire at a real SMTP server. */
describeEachDatabase('one-click List-Unsubscribe on the mails a member can turn off', (database) => {
  let smtp: TestSmtpServer;
  let app: App;
  let db: Database;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    const mailer = smtpTransport(`smtp://127.0.0.1:${smtp.port}`, 'Cooperative <no-reply@coop.test>');
    db = await database.open();
    app = await buildApp(testConfig({ MAIL_WORKER: 'off' }), { database: db, mailer });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await db?.close();
    await smtp?.close();
  });

  /** The raw message's headers, unfolded. */
  const headersOf = (raw: string) => raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ');

  it('puts List-Unsubscribe and List-Unsubscribe-Post on a bonus mail, none on a payout mail, and one POST turns bonuses off', async () => {
    const member = await createTestAccount(app, { programme: 'main' });
    await app.db.transaction(async (tx) => {
      await notify(tx, member.id, {
        kind: 'bonus_credited',
        bonus: 'Referral bonus',
        lines: [{ label: 'Referral bonus', amountKobo: 500_000 }],
      });
      await notify(tx, member.id, {
        kind: 'payout_paid',
        amountKobo: 500_000,
        bankName: 'Kuda Bank',
        accountNumberLast4: '1234',
      });
    });
    await app.mailWorker.drain();
    const mails = smtp.received.filter((m) => m.to.includes(member.email)).map((m) => headersOf(m.raw));
    expect(mails).toHaveLength(2);
    const bonus = mails.find((h) => /^Subject: .*credited/im.test(h))!;
    const payout = mails.find((h) => h !== bonus)!;
    expect(bonus).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    const url = /^List-Unsubscribe: <([^>]+)>$/m.exec(bonus)?.[1];
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:3000\/api\/mail\/unsubscribe\?a=/);
    expect(payout).not.toMatch(/List-Unsubscribe/);

    const path = url!.replace('http://127.0.0.1:3000', '');
    const optOuts = async () =>
      (
        await queryRows<{ category: string }>(
          app.db,
          sql`select category from mail_opt_outs where account_id = ${member.id}`,
        )
      ).map((r) => r.category);
    // Opening the address (a person, or a mail scanner) turns nothing off.
    const opened = await app.inject({ method: 'GET', url: path });
    expect(opened.statusCode).toBe(200);
    expect(opened.body).toContain('Stop these mails');
    expect(await optOuts()).toEqual([]);
    // A forged signature is refused.
    expect(
      (
        await app.inject({
          method: 'POST',
          url: path.replace(/t=[^&]+/, 't=forged-signature-1234'),
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: 'List-Unsubscribe=One-Click',
        })
      ).statusCode,
    ).toBe(400);
    // The mail client's one-click POST (RFC 8058), twice: turned off once.
    for (let i = 0; i < 2; i += 1) {
      const posted = await app.inject({
        method: 'POST',
        url: path,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
      expect(posted.statusCode).toBe(200);
    }
    expect(await optOuts()).toEqual(['bonuses']);
  });
});
