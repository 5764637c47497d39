import { formatNaira, getPlan, toNairaString } from '@coop/core';
import { sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { queryRows } from '../src/db/rows';
import { activate } from './engine-test-kit';
import { createTestAccount, signInAs } from './accounts-kit';
import { mailsTo } from './auth-kit';
import { describeEachDatabase } from './databases';
import { callApi, paymentFacts, pressCheckout, startPayment, useListeningApp } from './payments-kit';

const FEE_KOBO = getPlan('main').feeKobo;

/** A second Main fee paid from a checkout opened days earlier: taken, not placed, owed back, and seen. */
describeEachDatabase('a payment that cannot be placed is a refund due', (database) => {
  const ctx = useListeningApp(database);
  let admin: { id: string; email: string; headers: Record<string, string> };
  beforeAll(async () => {
    const account = await createTestAccount(ctx.app, { role: 'admin', fullName: 'Figures Admin' });
    admin = { id: account.id, email: account.email, headers: await signInAs(ctx.app, account.id) };
  });
  const adminGet = async (path: string) => {
    const res = await callApi(ctx, path, { headers: admin.headers });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body;
  };

  it('lists it in What the company owes and on the dashboard apart from the fees, and mails the member and the administrators', async () => {
    const sponsor = await createTestAccount(ctx.app);
    await activate(ctx.app.db, 'main', sponsor.id);
    const payer = await createTestAccount(ctx.app, { sponsorAccountId: sponsor.id, fullName: 'Twice Payer' });
    const headers = await signInAs(ctx.app, payer.id);
    const amountsBefore = await adminGet('/api/admin/adminTransactionAmount');
    const owedBefore = await adminGet('/api/admin/liabilities?programme=main');

    // A checkout opened two days ago and left open; today's start makes a new one (the old is past reuse).
    const old = await startPayment(ctx, headers);
    await ctx.app.db.execute(
      sql`update payments set created_at = now() - interval '2 days' where reference = ${old.reference}`,
    );
    const today = await startPayment(ctx, headers);
    expect(today.reference).not.toBe(old.reference);
    await pressCheckout(today.checkoutUrl, 'success');
    await expect
      .poll(async () => (await paymentFacts(ctx.app, today.reference, payer.id)).positions, {
        timeout: 15_000,
      })
      .toBe(1);
    // The member then pays the old tab too: the money arrives, but a Main member has one position.
    await pressCheckout(old.checkoutUrl, 'success');
    await expect
      .poll(async () => (await paymentFacts(ctx.app, old.reference, payer.id)).status, { timeout: 15_000 })
      .toBe('paid');
    expect(await paymentFacts(ctx.app, old.reference, payer.id)).toMatchObject({
      positionId: null,
      positions: 1,
    });

    const list = await adminGet('/api/admin/liabilities/refunds-due?programme=main');
    expect(list.items.filter((i: { email: string }) => i.email === payer.email)).toEqual([
      expect.objectContaining({
        reference: old.reference,
        amount: toNairaString(FEE_KOBO),
        reason: expect.stringMatching(/^Not placed: .+ A refund is due\.$/),
      }),
    ]);
    // In the ledger as owed back (refunds payable), held by Paystack (provider settlement), never fee income.
    const entry = await queryRows<{ key: string; amount_kobo: string }>(
      ctx.app.db,
      sql`select a.key, l.amount_kobo from journal_lines l join journal_entries e on e.id = l.entry_id join ledger_accounts a on a.id = l.ledger_account_id
          where e.idempotency_key = ${`refund-due:${old.reference}`} order by a.key`,
    );
    expect(entry.map((l) => [l.key, Number(l.amount_kobo)])).toEqual([
      ['provider_settlement:main', -FEE_KOBO],
      ['refunds_payable:main', FEE_KOBO],
    ]);
    const owed = await adminGet('/api/admin/liabilities?programme=main');
    expect(owed.refundsDue.count).toBe(owedBefore.refundsDue.count + 1);
    expect(Math.round(Number(owed.refundsDue.value) * 100)).toBe(
      Math.round(Number(owedBefore.refundsDue.value) * 100) + FEE_KOBO,
    );

    // The transactions card counts the one placed fee; the second payment is shown apart, as owed back.
    const amounts = await adminGet('/api/admin/adminTransactionAmount');
    expect(Math.round(Number(amounts.main.total) * 100)).toBe(
      Math.round(Number(amountsBefore.main.total) * 100) + FEE_KOBO,
    );
    expect(amounts.refundsDue.main.count).toBe(amountsBefore.refundsDue.main.count + 1);

    const mailed = async (to: string, subject: RegExp) => {
      await expect
        .poll(async () => (await mailsTo(ctx.app, to, 0)).filter((m) => subject.test(m.subject)).length, {
          timeout: 10_000,
        })
        .toBeGreaterThan(0);
      return (await mailsTo(ctx.app, to, 0)).filter((m) => subject.test(m.subject));
    };
    const [memberMail] = await mailed(payer.email, /not placed/);
    expect(memberMail!.text).toContain(old.reference);
    expect(memberMail!.text).toContain('owed back to you');
    const adminMails = await mailed(admin.email, /^Refund due:/);
    expect(adminMails.map((m) => m.subject)).toEqual([
      `Refund due: ${formatNaira(FEE_KOBO)} paid by Twice Payer`,
    ]);
    expect(adminMails[0]!.text).toContain(old.reference);
    const [{ n }] = (await queryRows<{ n: number }>(
      ctx.app.db,
      sql`select count(*)::int as n from notifications where account_id = ${payer.id} and kind = 'payment_not_placed'`,
    )) as [{ n: number }];
    expect(n).toBe(1);
  });
});
