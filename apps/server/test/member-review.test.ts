import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { queryRows } from '../src/db/rows';
import { walletBalanceKobo } from '../src/modules/ledger/queries';
import { currentPeriod } from '../src/modules/payouts/period';
import { fundWallet } from './payouts-test-kit';
import { createTestAccount, signInAs } from './accounts-kit';
import { logIn, signUp, someAddress, uniqueEmail } from './auth-kit';
import { describeEachDatabase } from './databases';
import { paidMember, paidReferrals } from './member-test-kit';
import { useListeningApp } from './payments-kit';

describeEachDatabase('member record, suspension and fraud signals', (database) => {
  // A burst threshold of five (the default is ten, FRAUD_BURST_SIGNUPS), so the burst test stays short.
  const ctx = useListeningApp(database, { SITE_EMAIL: 'help@coop.example', FRAUD_BURST_SIGNUPS: '5' });
  const period = currentPeriod(new Date());
  let admin: Record<string, string> = {};
  const asAdmin = async () => {
    if (!admin.authorization)
      admin = await signInAs(
        ctx.app,
        (await createTestAccount(ctx.app, { role: 'admin', fullName: 'Review Admin' })).id,
      );
    return admin;
  };
  const get = async (url: string) => ctx.app.inject({ method: 'GET', url, headers: await asAdmin() });
  const post = async (url: string, payload: Record<string, unknown>) =>
    ctx.app.inject({ method: 'POST', url, payload, headers: await asAdmin() });
  const flagsOf = async (accountId: string) =>
    queryRows<{ rule: string; related_account_id: string | null; cleared_at: Date | null }>(
      ctx.app.db,
      sql`select rule, related_account_id, cleared_at from fraud_flags where account_id = ${accountId} order by id`,
    );
  const idOf = async (email: string, programme = 'main') =>
    (
      await queryRows<{ id: string; referral_code: string }>(
        ctx.app.db,
        sql`select id, referral_code from accounts where email = ${email.toLowerCase()} and programme = ${programme}`,
      )
    )[0]!;
  const saveBank = async (
    accountId: string,
    accountNumber: string,
    programme: 'main' | 'welcomeback' = 'main',
  ) => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: programme === 'main' ? '/api/auth/register' : '/api/auth/bankdetails',
      headers: await signInAs(ctx.app, accountId),
      payload: { type: 'savings', accountNumber, accountName: 'SANDBOX TEST ACCOUNT', bankCode: '058' },
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  const preview = async () => {
    const res = await get(`/api/admin/payouts/preview?programme=main&period=${period}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as {
      payees: { accountId: string }[];
      skipped: { accountId: string; reason: string }[];
    };
  };

  it('an administrator’s account is not suspended, reinstated or closed by one administrator: the screen says to ask for a removal (decision 0038)', async () => {
    const other = await createTestAccount(ctx.app, { role: 'admin', fullName: 'Other Admin' });
    const otherHeaders = await signInAs(ctx.app, other.id);
    const suspend = await post(`/api/admin/members/${other.id}/suspend`, {
      reason: 'under_review',
      note: 'Suspending the other administrator alone',
    });
    expect(suspend.statusCode).toBe(409);
    expect(suspend.json()).toEqual({
      code: 'account_is_admin',
      message:
        'This account is an administrator. One administrator cannot suspend or close it: ask for its removal under Make User Admin (Administrators), which another administrator approves or which takes effect after the notice.',
    });
    const close = await post(`/api/admin/members/${other.id}/close`, {
      reason: 'breach_of_terms',
      note: 'Closing the other administrator alone',
    });
    expect(close.statusCode).toBe(409);
    expect(close.json().code).toBe('account_is_admin');
    // Their session still works, and nothing was written about them.
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/admin/approvals', headers: otherHeaders }))
        .statusCode,
    ).toBe(200);
    expect(
      await queryRows(ctx.app.db, sql`select id from account_status_changes where account_id = ${other.id}`),
    ).toHaveLength(0);
    // One suspended before this rule is not reinstated alone either.
    await ctx.app.db.execute(sql`update accounts set status = 'suspended' where id = ${other.id}`);
    const reinstate = await post(`/api/admin/members/${other.id}/reinstate`, {
      note: 'Bringing the other administrator back alone',
    });
    expect(reinstate.statusCode).toBe(409);
    expect(reinstate.json().code).toBe('account_is_admin');
    const [row] = await queryRows<{ status: string }>(
      ctx.app.db,
      sql`select status from accounts where id = ${other.id}`,
    );
    expect(row!.status).toBe('suspended');
  });

  it('suspends with a reason: sign-in refused with why and where to write, sessions end, no credit, payout held; reinstating restores it', async () => {
    const sponsor = await paidMember(ctx.app, 'main', { fullName: 'Sola Sponsor' });
    await saveBank(sponsor.account.id, '1234567890');
    await fundWallet(ctx.app.db, 'main', sponsor.account.id, 500_000);
    const walletBefore = await walletBalanceKobo(ctx.app.db, sponsor.account.id);
    expect((await preview()).payees.map((p) => p.accountId)).toContain(sponsor.account.id);

    const refused = await post(`/api/admin/members/${sponsor.account.id}/suspend`, {
      reason: 'breach_of_terms',
      note: 'x',
    });
    expect(refused.statusCode).toBe(400);
    const suspended = await post(`/api/admin/members/${sponsor.account.id}/suspend`, {
      reason: 'breach_of_terms',
      note: 'Sold places in the matrix on a forum',
    });
    expect(suspended.statusCode, suspended.body).toBe(200);
    expect(suspended.json()).toMatchObject({
      status: 'suspended',
      statusHistory: [
        {
          fromStatus: 'active',
          toStatus: 'suspended',
          reason: 'breach_of_terms',
          by: { fullName: 'Review Admin', email: expect.stringContaining('@') },
        },
      ],
    });
    expect(
      (
        await post(`/api/admin/members/${sponsor.account.id}/suspend`, {
          reason: 'breach_of_terms',
          note: 'Again, twice over',
        })
      ).statusCode,
    ).toBe(409);

    // The session it had ends at once, and signing in is refused with the reason and the support address.
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/me', headers: sponsor.headers })).statusCode,
    ).toBe(401);
    const login = await logIn(ctx.app, 'main', sponsor.account.email, 'a good password');
    expect(login.statusCode).toBe(403);
    expect(login.json().message).toBe(
      'Your account is suspended because of a breach of the terms and conditions, so you cannot sign in. Your place in the matrix is kept. To ask about it or to be reinstated, write to help@coop.example.',
    );
    expect((await logIn(ctx.app, 'main', sponsor.account.email, 'a wrong password')).statusCode).toBe(401);

    // Two referrals join under the suspended sponsor: they are placed and counted, but nothing is credited.
    await paidReferrals(ctx.app, 'main', sponsor.account.id, 2);
    expect(await walletBalanceKobo(ctx.app.db, sponsor.account.id)).toBe(walletBefore);
    const [position] = await queryRows<{ direct_referrals: number; stage: number }>(
      ctx.app.db,
      sql`select direct_referrals, stage from positions where account_id = ${sponsor.account.id}`,
    );
    expect(position).toMatchObject({ direct_referrals: 2, stage: 1 });
    const credits = await queryRows(
      ctx.app.db,
      sql`select 1 from credits where account_id = ${sponsor.account.id}`,
    );
    expect(credits).toHaveLength(0);
    expect((await preview()).skipped).toContainEqual(
      expect.objectContaining({ accountId: sponsor.account.id, reason: 'account_suspended' }),
    );

    const reinstated = await post(`/api/admin/members/${sponsor.account.id}/reinstate`, {
      note: 'Explained and apologised in writing',
    });
    expect(reinstated.statusCode, reinstated.body).toBe(200);
    expect(reinstated.json().statusHistory[0]).toMatchObject({
      fromStatus: 'suspended',
      toStatus: 'active',
      reason: 'reinstated',
    });
    expect((await logIn(ctx.app, 'main', sponsor.account.email, 'a good password')).statusCode).toBe(200);
    expect((await preview()).payees.map((p) => p.accountId)).toContain(sponsor.account.id);
    const audit = (await get(`/api/admin/members/${sponsor.account.id}`))
      .json()
      .audit.map((a: { action: string }) => a.action);
    expect(audit).toEqual(expect.arrayContaining(['account_suspended', 'account_reinstated']));
  });

  it('shows the whole record: wallet lines, masked bank details, sponsor and referrals, matrix with names', async () => {
    const sponsor = await paidMember(ctx.app, 'main', { fullName: 'Record Sponsor' });
    const member = await paidMember(ctx.app, 'main', {
      fullName: 'Record Member',
      sponsorAccountId: sponsor.account.id,
    });
    await paidReferrals(ctx.app, 'main', member.account.id, 2);
    await saveBank(member.account.id, '2345678901');
    const res = await get(`/api/admin/members/${member.account.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const record = res.json();
    expect(record).toMatchObject({
      fullName: 'Record Member',
      status: 'active',
      sponsor: { id: sponsor.account.id, fullName: 'Record Sponsor' },
      paid: true,
      stage: 1,
      wallet: '30000.00',
      bankDetails: { accountNumberMasked: '******8901', verified: true },
    });
    expect(record.directReferrals).toHaveLength(2);
    expect(record.walletLines.map((l: { amount: string }) => l.amount).sort()).toEqual([
      '10000.00',
      '10000.00',
      '10000.00',
    ]);
    expect(res.body).not.toContain('2345678901');
    const matrix = (await get(`/api/admin/members/${member.account.id}/matrix`)).json();
    expect(matrix.nodes.map((n: { name: string }) => n.name)).toEqual([
      'Record Member',
      'Friend Number0',
      'Friend Number1',
    ]);
    expect((await get('/api/admin/members/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    const notAdmin = await ctx.app.inject({
      method: 'GET',
      url: `/api/admin/members/${member.account.id}`,
      headers: member.headers,
    });
    expect(notAdmin.statusCode).toBe(403);
  });

  it('flags a referral with the sponsor’s bank account and holds its payout until an administrator clears the flag', async () => {
    const sponsor = await paidMember(ctx.app, 'main', { fullName: 'Bank Sponsor' });
    const referral = await paidMember(ctx.app, 'main', {
      fullName: 'Bank Referral',
      sponsorAccountId: sponsor.account.id,
    });
    await saveBank(sponsor.account.id, '3456789012');
    await saveBank(referral.account.id, '3456789012');
    await fundWallet(ctx.app.db, 'main', referral.account.id, 300_000);
    expect(await flagsOf(referral.account.id)).toEqual([
      { rule: 'sponsor_shares_bank_account', related_account_id: sponsor.account.id, cleared_at: null },
    ]);
    expect(await flagsOf(sponsor.account.id)).toEqual([]);
    // Saving again raises nothing new.
    await saveBank(referral.account.id, '3456789012');
    expect(await flagsOf(referral.account.id)).toHaveLength(1);

    expect((await preview()).skipped).toContainEqual(
      expect.objectContaining({ accountId: referral.account.id, reason: 'fraud_flag_open' }),
    );
    const open = (await get('/api/admin/flags')).json();
    const flag = open.items.find((f: { account: { id: string } }) => f.account.id === referral.account.id);
    expect(flag).toMatchObject({
      rule: 'sponsor_shares_bank_account',
      related: { fullName: 'Bank Sponsor' },
      detail: 'Bank account number ending 9012',
    });

    expect((await post(`/api/admin/flags/${flag.id}/clear`, { note: '' })).statusCode).toBe(400);
    const cleared = await post(`/api/admin/flags/${flag.id}/clear`, {
      note: 'Husband and wife, one household account; checked by phone',
    });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect((await post(`/api/admin/flags/${flag.id}/clear`, { note: 'A second time over' })).statusCode).toBe(
      409,
    );
    expect((await preview()).payees.map((p) => p.accountId)).toContain(referral.account.id);
    const record = (await get(`/api/admin/members/${referral.account.id}`)).json();
    expect(record.flags[0]).toMatchObject({
      clearNote: 'Husband and wife, one household account; checked by phone',
      clearedBy: { fullName: 'Review Admin', email: expect.stringContaining('@') },
    });
    expect(record.audit[0]).toMatchObject({
      action: 'fraud_flag_cleared',
      actor: { fullName: 'Review Admin', email: expect.stringContaining('@') },
    });
  });

  it('flags several unrelated accounts sharing one bank account, but not one person’s Main and Welcome Back accounts', async () => {
    const a = await createTestAccount(ctx.app, { fullName: 'Shared A' });
    const b = await createTestAccount(ctx.app, { fullName: 'Shared B' });
    const aWelcome = await createTestAccount(ctx.app, {
      programme: 'welcomeback',
      email: a.email,
      fullName: 'Shared A',
    });
    await saveBank(a.id, '4567890123');
    await saveBank(aWelcome.id, '4567890123', 'welcomeback');
    expect(await flagsOf(a.id)).toEqual([]);
    await saveBank(b.id, '4567890123');
    expect((await flagsOf(b.id)).map((f) => [f.rule, f.related_account_id]).sort()).toEqual(
      [
        ['shared_bank_account', a.id],
        ['shared_bank_account', aWelcome.id],
      ].sort(),
    );
    expect((await flagsOf(a.id)).map((f) => f.rule)).toEqual(['shared_bank_account']);
  });

  it('flags a referral with the sponsor’s phone, or signing up from the sponsor’s address and browser; nothing is refused', async () => {
    const sponsorEmail = uniqueEmail('sponsor');
    await signUp(ctx.app, 'main', { email: sponsorEmail, phone: '08035551234' });
    const sponsor = await idOf(sponsorEmail);

    const samePhone = uniqueEmail('phone');
    await signUp(ctx.app, 'main', {
      email: samePhone,
      phone: '8035551234',
      referralCode: sponsor.referral_code,
    });
    expect(await flagsOf((await idOf(samePhone)).id)).toEqual([
      { rule: 'sponsor_shares_phone', related_account_id: sponsor.id, cleared_at: null },
    ]);
    const otherPhone = uniqueEmail('other');
    await signUp(ctx.app, 'main', {
      email: otherPhone,
      phone: '08035551235',
      referralCode: sponsor.referral_code,
    });
    expect(await flagsOf((await idOf(otherPhone)).id)).toEqual([]);

    const address = someAddress();
    const browser = 'Mozilla/5.0 (Linux; Android 13) Chrome/120';
    const signUpFrom = async (email: string, phone: string, referralCode: string, userAgent: string) => {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        remoteAddress: address,
        headers: { 'user-agent': userAgent },
        payload: {
          fullName: 'Device Test',
          email,
          phone,
          address: '1 Road',
          password: 'a good password',
          confirmPassword: 'a good password',
          referralCode,
          acceptTerms: true,
        },
      });
      expect(res.statusCode, res.body).toBe(201);
      return idOf(email);
    };
    const deviceSponsor = await signUpFrom(uniqueEmail('ds'), '08060000001', '', browser);
    const sameDevice = await signUpFrom(
      uniqueEmail('same'),
      '08060000002',
      deviceSponsor.referral_code,
      browser,
    );
    const otherBrowser = await signUpFrom(
      uniqueEmail('ob'),
      '08060000003',
      deviceSponsor.referral_code,
      'Mozilla/5.0 (iPhone) Safari/17',
    );
    expect(await flagsOf(sameDevice.id)).toEqual([
      { rule: 'sponsor_shares_device', related_account_id: deviceSponsor.id, cleared_at: null },
    ]);
    expect(await flagsOf(otherBrowser.id)).toEqual([]);
    expect(await flagsOf(deviceSponsor.id)).toEqual([]);
  });

  it('flags every sign-up of the hour once one address has made five (the threshold set to five), without holding their payouts', async () => {
    const address = someAddress();
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const email = uniqueEmail('burst');
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        remoteAddress: address,
        headers: { 'user-agent': `Browser ${i}` },
        payload: {
          fullName: 'Burst Test',
          email,
          phone: `0807000000${i}`,
          address: '1 Road',
          password: 'a good password',
          confirmPassword: 'a good password',
          referralCode: '',
          acceptTerms: true,
        },
      });
      expect(res.statusCode, res.body).toBe(201);
      ids.push((await idOf(email)).id);
      if (i === 3) for (const id of ids) expect(await flagsOf(id)).toEqual([]);
    }
    for (const id of ids) expect((await flagsOf(id)).map((f) => f.rule)).toEqual(['signup_burst']);
    // A signal for the operator, never a hold (issue 25): many subscribers of one mobile network share an address.
    const holding = await queryRows(
      ctx.app.db,
      sql`select 1 from fraud_flags where account_id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )}) and holds_payouts`,
    );
    expect(holding).toEqual([]);
    // An hour-old sign-up from that address no longer counts towards a burst.
    await ctx.app.db.execute(
      sql`update signup_origins set created_at = now() - interval '2 hours' where ip = ${address}`,
    );
    const late = uniqueEmail('late');
    await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      remoteAddress: address,
      payload: {
        fullName: 'Late Test',
        email: late,
        phone: '08079999999',
        address: '1 Road',
        password: 'a good password',
        confirmPassword: 'a good password',
        referralCode: '',
        acceptTerms: true,
      },
    });
    expect(await flagsOf((await idOf(late)).id)).toEqual([]);
  });

  it('lists accounts with no sign-in and no payment for 12 months, leaving out administrators and suspended accounts', async () => {
    const old = async (fullName: string, options: { role?: 'admin' } = {}) => {
      const account = await createTestAccount(ctx.app, { fullName, ...options });
      await ctx.app.db.execute(
        sql`update accounts set created_at = now() - interval '2 years' where id = ${account.id}`,
      );
      return account;
    };
    const dormant = await old('Dormant Dele');
    const signedInLately = await old('Recent Sign-in');
    await signInAs(ctx.app, signedInLately.id);
    const paidLately = await old('Recent Payment');
    await ctx.app.db
      .execute(sql`insert into payments (reference, account_id, programme, amount_kobo, status, provider, paid_at)
                                 values (${`ref-${paidLately.id}`}, ${paidLately.id}, 'main', 5000000, 'paid', 'sandbox', now() - interval '3 months')`);
    const signedInLongAgo = await old('Old Sign-in');
    await signInAs(ctx.app, signedInLongAgo.id);
    await ctx.app.db.execute(
      sql`update sessions set created_at = now() - interval '13 months' where account_id = ${signedInLongAgo.id}`,
    );
    await old('Old Admin', { role: 'admin' });
    const suspended = await old('Old Suspended');
    await ctx.app.db.execute(sql`update accounts set status = 'suspended' where id = ${suspended.id}`);
    await createTestAccount(ctx.app, { fullName: 'New Member' });

    const res = await get('/api/admin/inactive-accounts?pageSize=100');
    expect(res.statusCode, res.body).toBe(200);
    const names = res.json().items.map((i: { fullName: string }) => i.fullName);
    expect(names.sort()).toEqual(['Dormant Dele', 'Old Sign-in']);
    expect(res.json().total).toBe(2);
    expect(res.json().items.find((i: { id: string }) => i.id === dormant.id)).toMatchObject({
      lastSignInAt: null,
      lastPaymentAt: null,
      wallet: '0.00',
    });
  });

  it('lists an administrator without a paid position as an administrator, not an unpaid member', async () => {
    await createTestAccount(ctx.app, { role: 'admin', fullName: 'Listed Admin' });
    await ctx.app.db.execute(sql`update accounts set phone = '00000000000' where full_name = 'Listed Admin'`);
    const list = (await get('/api/admin/viewMainUser?search=Listed%20Admin')).json();
    expect(list.mainUsers[0]).toMatchObject({
      fullName: 'Listed Admin',
      role: 'admin',
      status: 'Administrator',
      phone: '',
      paid: false,
    });
  });
});
