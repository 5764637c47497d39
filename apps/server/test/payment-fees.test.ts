import { formatNaira } from '@coop/core';
import { beforeAll, expect, it } from 'vitest';
import { activate } from './engine-test-kit';
import { createTestAccount, signInAs } from './accounts-kit';
import { mailsTo } from './auth-kit';
import { parseCsv } from './csv-kit';
import { describeEachDatabase } from './databases';
import { callApi, paymentFacts, startPayment, useListeningApp } from './payments-kit';

const lagosToday = () => new Date(Date.now() + 3_600_000).toISOString().slice(0, 10);

/**
 * What Paystack reports of a charge is stored and shown (issue 35): a member who paid "with fees added" was charged
 * N50,850 for the N50,000 fee; the member record, the payments CSV and the receipt mail say so.
 */
describeEachDatabase("the customer's fee stored and shown", (database) => {
  const ctx = useListeningApp(database);
  let admin: Record<string, string>;
  beforeAll(async () => {
    admin = await signInAs(ctx.app, (await createTestAccount(ctx.app, { role: 'admin' })).id);
  });

  it('on the member record, in the payments CSV and on the receipt, for a charge whose customer bore the fees', async () => {
    const sponsor = await createTestAccount(ctx.app);
    await activate(ctx.app.db, 'main', sponsor.id);
    const payer = await createTestAccount(ctx.app, { sponsorAccountId: sponsor.id, fullName: 'Fee Payer' });
    const { checkoutUrl, reference } = await startPayment(ctx, await signInAs(ctx.app, payer.id));
    const paid = await fetch(checkoutUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ outcome: 'success_fees' }),
      redirect: 'manual',
    });
    expect(paid.status).toBe(303);
    // The sandbox's own records show the charge as Paystack's dashboard would: the fee plus its fees.
    const records = await (await fetch(`${ctx.url}/sandbox/paystack/checkout/records`)).text();
    expect(records).toContain(
      `${formatNaira(5_085_000)} (${formatNaira(5_000_000)} + ${formatNaira(85_000)} fees)`,
    );

    await expect
      .poll(async () => (await paymentFacts(ctx.app, reference, payer.id)).positions, { timeout: 15_000 })
      .toBe(1);

    const record = await callApi(ctx, `/api/admin/members/${payer.id}`, { headers: admin });
    expect(record.status).toBe(200);
    expect(record.body.payments).toEqual([
      expect.objectContaining({
        reference,
        amount: '50000.00',
        charged: '50850.00',
        paystackFees: '850.00',
        feesBorneBy: 'customer',
      }),
    ]);

    const csv = await ctx.app.inject({
      method: 'GET',
      url: `/api/admin/exports/payments?programme=main&from=${lagosToday()}&to=${lagosToday()}`,
      headers: admin,
    });
    expect(csv.statusCode, csv.body).toBe(200);
    const row = parseCsv(csv.body).find((r) => r.Reference === reference);
    expect(row).toMatchObject({
      'Amount (NGN)': '50000.00',
      'Charged (NGN)': '50850.00',
      'Paystack fees (NGN)': '850.00',
      'Fees borne by': 'customer',
    });

    await expect
      .poll(
        async () =>
          (await mailsTo(ctx.app, payer.email, 0)).filter((m) => /^Payment received/.test(m.subject)).length,
        {
          timeout: 10_000,
        },
      )
      .toBeGreaterThan(0);
    const [receipt] = (await mailsTo(ctx.app, payer.email, 0)).filter((m) =>
      /^Payment received/.test(m.subject),
    );
    expect(receipt!.text).toContain(`Your card was charged ${formatNaira(5_085_000)}`);
    expect(receipt!.text).toContain(`Paystack's card fees of ${formatNaira(85_000)}`);
    expect(receipt!.text).toContain(formatNaira(5_000_000));
  });
});
