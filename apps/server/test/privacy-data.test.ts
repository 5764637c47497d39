import { eq, sql } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { expect, it } from 'vitest';
import { queryRows } from '../src/db/rows';
import { accounts } from '../src/db/schema';
import { saveBankDetails } from './payouts-test-kit';
import { PRIVACY_NOTICE_VERSION } from '@coop/core/contracts';
import { createTestAccount, signInAs } from './accounts-kit';
import { signupBody, signupPath, someAddress } from './auth-kit';
import { describeEachDatabase } from './databases';
import { payingMember } from './notifications-kit';
import { pressCheckout, startPayment, useListeningApp } from './payments-kit';

describeEachDatabase('my data: what the platform holds about the member', (database) => {
  const ctx = useListeningApp(database);

  it('answers the member’s profile, bank details, payments and wallet lines, and nothing of another member but their short name', async () => {
    const phoneOf = (id: string, phone: string) =>
      ctx.app.db.update(accounts).set({ phone }).where(eq(accounts.id, id));
    const sponsor = await payingMember(ctx, { fullName: 'Sponsor Samuel Adeyemi' });
    await phoneOf(sponsor.account.id, '08011112222');
    const member = await createTestAccount(ctx.app, {
      fullName: 'Ifeoma Data-Owner',
      email: 'ifeoma.owner@example.com',
      sponsorAccountId: sponsor.account.id,
    });
    await phoneOf(member.id, '08055556666');
    await ctx.app.db.execute(
      sql`insert into signup_origins (account_id, ip, user_agent) values (${member.id}, '198.51.100.23', 'Mozilla/5.0 Owner')`,
    );
    const headers = await signInAs(ctx.app, member.id);
    const { checkoutUrl, reference } = await startPayment(ctx, headers);
    await pressCheckout(checkoutUrl, 'success');
    await ctx.app.paymentWork.settled();
    const first = await payingMember(ctx, { fullName: 'Referral Tobiloba Eze', sponsorAccountId: member.id });
    const second = await payingMember(ctx, { fullName: 'Referral Ngozi Bello', sponsorAccountId: member.id });
    await phoneOf(first.account.id, '08033334444');
    await phoneOf(second.account.id, '08077778888');
    await saveBankDetails(ctx.app.db, member.id, { accountNumber: '0345678912' });

    const res = await ctx.app.inject({ method: 'GET', url: '/api/me/data?programme=main', headers });
    expect(res.statusCode).toBe(200);
    const data = res.json();
    expect(data.profile).toMatchObject({
      fullName: 'Ifeoma Data-Owner',
      email: 'ifeoma.owner@example.com',
      phone: '08055556666',
      programme: 'main',
    });
    expect(data.bankDetails).toMatchObject({
      accountNumber: '0345678912',
      bankName: 'Guaranty Trust Bank',
      verified: true,
    });
    expect(data.payments).toEqual([
      expect.objectContaining({ reference, amount: '50000.00', status: 'paid' }),
    ]);
    const referralLines = data.walletLines.filter((l: { kind: string }) => l.kind === 'referral');
    expect(referralLines.map((l: { from: string | null }) => l.from).sort()).toEqual([
      'Referral B.',
      'Referral E.',
    ]);
    expect(data.positions).toHaveLength(1);
    expect(data.signupOrigins).toEqual([
      expect.objectContaining({
        address: '198.51.100.23',
        browser: 'Mozilla/5.0 Owner',
        device: 'Mozilla',
      }),
    ]);
    expect(data.notifications.length).toBeGreaterThan(0);
    expect(data.consents.termsAcceptedAt).toBe(data.profile.signedUpAt);

    // Nobody else's email, phone or full name, though the member's own texts spoke of them.
    for (const other of [
      sponsor.account.email,
      first.account.email,
      second.account.email,
      '08011112222',
      '08033334444',
      '08077778888',
      'Tobiloba',
      'Ngozi',
      'Samuel',
    ])
      expect(res.body).not.toContain(other);

    const other = await ctx.app.inject({ method: 'GET', url: '/api/me/data?programme=welcomeback', headers });
    expect(other.statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/me/data' })).statusCode).toBe(401);

    // The download: the same JSON and a CSV per list, in one zip.
    const zip = await ctx.app.inject({ method: 'GET', url: '/api/me/data/download?programme=main', headers });
    expect(zip.statusCode).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    expect(zip.headers['content-disposition']).toMatch(
      /^attachment; filename="my-data-main-\d{4}-\d{2}-\d{2}\.zip"$/,
    );
    const files = unzipSync(new Uint8Array(zip.rawPayload));
    expect(Object.keys(files)).toEqual(
      expect.arrayContaining([
        'my-data.json',
        'profile.csv',
        'bank-details.csv',
        'wallet-lines.csv',
        'payments.csv',
        'payouts.csv',
        'signup-origins.csv',
      ]),
    );
    const json = JSON.parse(strFromU8(files['my-data.json']!));
    expect(json.profile.email).toBe('ifeoma.owner@example.com');
    const walletCsv = strFromU8(files['wallet-lines.csv']!).trim().split('\n');
    expect(walletCsv[0]).toContain('id,entryId,kind,reason,from,amount,at');
    expect(walletCsv).toHaveLength(data.walletLines.length + 1);
    expect(strFromU8(files['bank-details.csv']!)).toContain('accountNumber,0345678912');
    const [accessed] = await queryRows<{ n: number }>(
      ctx.app.db,
      sql`select count(*)::int as n from audit_log where action = 'personal_data_accessed' and target_account_id = ${member.id}`,
    );
    expect(accessed!.n).toBe(2);
  });

  it('sign-up records the privacy notice version accepted, and My data shows it with the consents', async () => {
    const body = signupBody({ email: 'notice.reader@example.com' });
    const res = await ctx.app.inject({
      method: 'POST',
      url: signupPath.main,
      payload: body,
      remoteAddress: someAddress(),
    });
    expect(res.statusCode).toBeLessThan(300);
    const [row] = await queryRows<{ id: string; privacy_notice_version: string | null }>(
      ctx.app.db,
      sql`select id, privacy_notice_version from accounts where email = 'notice.reader@example.com'`,
    );
    expect(row!.privacy_notice_version).toBe(PRIVACY_NOTICE_VERSION);
    const data = (
      await ctx.app.inject({ method: 'GET', url: '/api/me/data', headers: await signInAs(ctx.app, row!.id) })
    ).json();
    expect(data.consents.privacyNoticeVersion).toBe(PRIVACY_NOTICE_VERSION);
  });
});
