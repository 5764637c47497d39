import { getPlan } from '@coop/core';
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { queryRows } from '../src/db/rows';
import { recordAwards } from '../src/modules/engine/benefit-postings';
import { toPosition, type RawPosition } from '../src/modules/engine/position-store';
import { currentPeriod } from '../src/modules/payouts/period';
import { fundWallet } from './payouts-test-kit';
import { createTestAccount, signInAs } from './accounts-kit';
import { logIn, someAddress, uniqueEmail } from './auth-kit';
import { describeEachDatabase } from './databases';
import { paidMember } from './member-test-kit';
import { outboxOf } from './notifications-kit';
import { useListeningApp } from './payments-kit';

/**
 * Fraud signals weighed by what they mean (issue 25): many sign-ups from one address are a signal, never a hold;
 * one bank account on two members holds both; a group of signals is cleared in one audited step; and an
 * administrator's closure of an account waits for a second administrator.
 */
describeEachDatabase(
  'fraud signals that weigh what they mean, and closure by an administrator',
  (database) => {
    const ctx = useListeningApp(database, {
      SITE_EMAIL: 'help@coop.example',
      SINGLE_ADMIN_APPROVAL: 'false',
    });
    const period = currentPeriod(new Date());
    const admins: Record<string, { id: string; headers: Record<string, string> }> = {};
    const admin = async (fullName: string) => {
      if (!admins[fullName]) {
        const account = await createTestAccount(ctx.app, { role: 'admin', fullName, secondFactor: true });
        admins[fullName] = { id: account.id, headers: await signInAs(ctx.app, account.id) };
      }
      return admins[fullName];
    };
    const asMaker = async () => (await admin('Maker Admin')).headers;
    const get = async (url: string) => ctx.app.inject({ method: 'GET', url, headers: await asMaker() });
    const post = async (url: string, payload: Record<string, unknown>, headers?: Record<string, string>) =>
      ctx.app.inject({ method: 'POST', url, payload, headers: headers ?? (await asMaker()) });
    const saveBank = async (accountId: string, accountNumber: string) => {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/register',
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
    const openFlags = async (accountId: string) =>
      queryRows<{ id: string; rule: string; holds_payouts: boolean; group_key: string | null }>(
        ctx.app.db,
        sql`select id, rule, holds_payouts, group_key from fraud_flags where account_id = ${accountId} and cleared_at is null order by id`,
      );

    it('20 members signing up from one address within an hour are flagged for review as one group, and none of their payouts is held', async () => {
      const address = someAddress();
      const ids: string[] = [];
      for (let i = 0; i < 20; i++) {
        const email = uniqueEmail('meeting');
        const res = await ctx.app.inject({
          method: 'POST',
          url: '/api/auth/signup',
          remoteAddress: address,
          headers: { 'user-agent': `Phone ${i}` },
          payload: {
            fullName: `Meeting Member${i}`,
            email,
            phone: `0809100${String(i).padStart(4, '0')}`,
            address: '3 Market Road',
            password: 'a good password',
            confirmPassword: 'a good password',
            referralCode: '',
            acceptTerms: true,
          },
        });
        expect(res.statusCode, res.body).toBe(201);
        const [row] = await queryRows<{ id: string }>(
          ctx.app.db,
          sql`select id from accounts where email = ${email}`,
        );
        ids.push(row!.id);
      }
      for (const [i, id] of ids.entries()) {
        await saveBank(id, `21${String(i).padStart(8, '0')}`);
        await fundWallet(ctx.app.db, 'main', id, 250_000);
      }
      // Each is flagged for the operator to look at, as a signal that holds nothing.
      const flags = (await Promise.all(ids.map(openFlags))).flat();
      expect(flags).toHaveLength(20);
      expect(new Set(flags.map((f) => f.rule))).toEqual(new Set(['signup_burst']));
      expect(flags.every((f) => !f.holds_payouts)).toBe(true);
      const listed = (await get('/api/admin/flags?pageSize=100'))
        .json()
        .items.filter((f: { account: { id: string } }) => ids.includes(f.account.id));
      expect(listed).toHaveLength(20);
      expect(listed[0]).toMatchObject({ rule: 'signup_burst', holdsPayouts: false });

      const { payees, skipped } = await preview();
      expect(ids.filter((id) => !payees.some((p) => p.accountId === id))).toEqual([]);
      expect(skipped.filter((s) => ids.includes(s.accountId))).toEqual([]);

      // The operator sees them as one group (everyone from that address in that hour).
      const groups = (await get('/api/admin/flag-groups')).json().items;
      const group = groups.find((g: { members: { id: string }[] }) =>
        g.members.some((m) => ids.includes(m.id)),
      );
      expect(group).toMatchObject({ rule: 'signup_burst', count: 20, holding: 0 });
      expect(new Set(group.members.map((m: { id: string }) => m.id))).toEqual(new Set(ids));
      expect(group.groupKey).not.toContain(address);
    });

    it('clears a group of signals in one step, with an audit row per member and one for the group', async () => {
      const [group] = (await get('/api/admin/flag-groups')).json().items as {
        groupKey: string;
        count: number;
        members: { id: string }[];
      }[];
      expect(group).toBeDefined();
      expect(
        (await post('/api/admin/flag-groups/clear', { groupKey: group!.groupKey, note: '' })).statusCode,
      ).toBe(400);
      const cleared = await post('/api/admin/flag-groups/clear', {
        groupKey: group!.groupKey,
        note: 'Cooperative meeting at the town hall; checked the attendance list',
      });
      expect(cleared.statusCode, cleared.body).toBe(200);
      expect(cleared.json()).toMatchObject({ cleared: group!.count });
      for (const member of group!.members) expect(await openFlags(member.id)).toEqual([]);

      const maker = await admin('Maker Admin');
      const audit = await queryRows<{
        action: string;
        target_account_id: string | null;
        details: Record<string, unknown>;
      }>(
        ctx.app.db,
        sql`select action, target_account_id, details from audit_log where actor_account_id = ${maker.id} and action in ('fraud_flag_cleared', 'fraud_flag_group_cleared') order by id`,
      );
      const perMember = audit.filter(
        (a) => a.action === 'fraud_flag_cleared' && a.details.groupKey === group!.groupKey,
      );
      expect(new Set(perMember.map((a) => a.target_account_id))).toEqual(
        new Set(group!.members.map((m) => m.id)),
      );
      expect(audit.filter((a) => a.action === 'fraud_flag_group_cleared')).toEqual([
        expect.objectContaining({
          details: expect.objectContaining({
            groupKey: group!.groupKey,
            count: group!.count,
            note: 'Cooperative meeting at the town hall; checked the attendance list',
          }),
        }),
      ]);
      const again = await post('/api/admin/flag-groups/clear', {
        groupKey: group!.groupKey,
        note: 'A second time over',
      });
      expect(again.statusCode).toBe(409);
      expect(
        (await get('/api/admin/flag-groups'))
          .json()
          .items.find((g: { groupKey: string }) => g.groupKey === group!.groupKey),
      ).toBeUndefined();
    });

    it('holds the payouts of a member whose bank account is also another member’s, until an administrator clears it', async () => {
      const first = await createTestAccount(ctx.app, { fullName: 'Kemi First' });
      const second = await createTestAccount(ctx.app, { fullName: 'Tunde Second' });
      await saveBank(first.id, '3131313131');
      await saveBank(second.id, '3131313131');
      for (const id of [first.id, second.id]) await fundWallet(ctx.app.db, 'main', id, 400_000);
      for (const id of [first.id, second.id])
        expect(await openFlags(id)).toEqual([
          expect.objectContaining({ rule: 'shared_bank_account', holds_payouts: true }),
        ]);
      const { payees, skipped } = await preview();
      for (const id of [first.id, second.id]) {
        expect(skipped).toContainEqual(expect.objectContaining({ accountId: id, reason: 'fraud_flag_open' }));
        expect(payees.map((p) => p.accountId)).not.toContain(id);
      }
    });

    it('holds a referral paid into the bank account of a member two sponsors up (a ring), and an administrator may hold any signal', async () => {
      const top = await paidMember(ctx.app, 'main', { fullName: 'Ring Top' });
      const middle = await paidMember(ctx.app, 'main', {
        fullName: 'Ring Middle',
        sponsorAccountId: top.account.id,
      });
      const bottom = await paidMember(ctx.app, 'main', {
        fullName: 'Ring Bottom',
        sponsorAccountId: middle.account.id,
      });
      await saveBank(top.account.id, '4141414141');
      await saveBank(bottom.account.id, '4141414141');
      expect(await openFlags(bottom.account.id)).toContainEqual(
        expect.objectContaining({ rule: 'referral_ring', holds_payouts: true }),
      );

      // A signal that holds nothing by itself (the sponsor's address and browser) is held when an administrator decides.
      const loner = await createTestAccount(ctx.app, { fullName: 'Held By Decision' });
      await ctx.app.db.execute(
        sql`insert into fraud_flags (account_id, rule, detail, dedupe_key) values (${loner.id}, 'sponsor_shares_device', 'Same address and browser', ${`device:${loner.id}`})`,
      );
      await saveBank(loner.id, '5151515151');
      await fundWallet(ctx.app.db, 'main', loner.id, 300_000);
      expect((await preview()).payees.map((p) => p.accountId)).toContain(loner.id);
      const [flag] = await openFlags(loner.id);
      const held = await post(`/api/admin/flags/${flag!.id}/hold`, {
        note: 'The sponsor admitted opening it for a relative',
      });
      expect(held.statusCode, held.body).toBe(200);
      expect((await preview()).skipped).toContainEqual(
        expect.objectContaining({ accountId: loner.id, reason: 'fraud_flag_open' }),
      );
      expect(
        (await post(`/api/admin/flags/${flag!.id}/hold`, { note: 'Holding it twice over' })).statusCode,
      ).toBe(409);
    });

    it('an administrator’s closure waits for a second administrator; the member is mailed, and the money is held for unfair use', async () => {
      const member = await paidMember(ctx.app, 'main', { fullName: 'Closed Member' });
      await saveBank(member.account.id, '6161616161');
      await fundWallet(ctx.app.db, 'main', member.account.id, 700_000);
      const maker = await admin('Maker Admin');
      const checker = await admin('Checker Admin');

      const asked = await post(`/api/admin/members/${member.account.id}/close`, {
        reason: 'unfair_use',
        note: 'Bought places for others with one card',
      });
      expect(asked.statusCode, asked.body).toBe(202);
      const approval = asked.json().approval;
      expect(approval).toMatchObject({ kind: 'close_account', status: 'pending' });
      expect(approval.summary).toContain('Closed Member');
      expect(approval.summary).toContain('are held');
      // Nothing moves before a second administrator approves: the account is active and can sign in.
      expect((await get(`/api/admin/members/${member.account.id}`)).json().status).toBe('active');
      expect(
        (await ctx.app.inject({ method: 'GET', url: '/api/me', headers: member.headers })).statusCode,
      ).toBe(200);
      const own = await ctx.app.inject({
        method: 'POST',
        url: `/api/admin/approvals/${approval.id}/approve`,
        headers: maker.headers,
      });
      expect(own.statusCode).toBe(403);
      expect((await get(`/api/admin/members/${member.account.id}`)).json().status).toBe('active');

      const approved = await ctx.app.inject({
        method: 'POST',
        url: `/api/admin/approvals/${approval.id}/approve`,
        headers: checker.headers,
      });
      expect(approved.statusCode, approved.body).toBe(200);
      const record = (await get(`/api/admin/members/${member.account.id}`)).json();
      expect(record).toMatchObject({
        status: 'closed',
        statusHistory: [
          {
            fromStatus: 'active',
            toStatus: 'closed',
            reason: 'unfair_use',
            by: { fullName: 'Maker Admin', email: expect.stringContaining('@') },
          },
        ],
        closure: { reason: 'unfair_use', money: expect.stringContaining('are held') },
      });
      expect(record.audit.map((a: { action: string }) => a.action)).toEqual(
        expect.arrayContaining(['account_closed', 'approval_requested']),
      );
      expect(
        (await ctx.app.inject({ method: 'GET', url: '/api/me', headers: member.headers })).statusCode,
      ).toBe(401);
      expect(
        (await logIn(ctx.app, 'main', member.account.email, 'a good password')).json().message,
      ).toContain('This account is closed');
      const mails = await outboxOf(ctx.app, member.account.email);
      expect(mails.find((m) => m.subject.includes('Your account was closed'))?.text).toContain(
        'because of unfair use of the platform',
      );
      expect((await preview()).skipped).toContainEqual(
        expect.objectContaining({ accountId: member.account.id, reason: 'closed_money_held' }),
      );
      // Its pending awards are held too: an administrator cannot mark one delivered.
      const [position] = await queryRows<RawPosition>(
        ctx.app.db,
        sql`select * from positions where account_id = ${member.account.id}`,
      );
      const laptop = getPlan('main').stages[2]!.awards[0]!;
      await ctx.app.db.transaction((tx) =>
        recordAwards(tx, getPlan('main'), toPosition(position!), [
          {
            kind: laptop.kind,
            stage: 2,
            installment: 1,
            valueKobo: laptop.valueKobo,
            description: laptop.label,
          },
        ]),
      );
      const [award] = await queryRows<{ id: string }>(
        ctx.app.db,
        sql`select id from awards where account_id = ${member.account.id}`,
      );
      const deliver = await ctx.app.inject({
        method: 'PUT',
        url: `/api/admin/awards/${award!.id}/delivered`,
        headers: maker.headers,
      });
      expect(deliver.statusCode).toBe(409);
      expect(deliver.json().message).toContain('its awards are held');
    });

    it('a closure for 12 months of inactivity leaves the wallet to be paid on the next run', async () => {
      const member = await paidMember(ctx.app, 'main', { fullName: 'Quiet Member' });
      await saveBank(member.account.id, '7171717171');
      await fundWallet(ctx.app.db, 'main', member.account.id, 450_000);
      const asked = await post(`/api/admin/members/${member.account.id}/close`, {
        reason: 'inactive_12_months',
        note: 'No sign-in or payment since last year',
      });
      expect(asked.statusCode, asked.body).toBe(202);
      const approved = await ctx.app.inject({
        method: 'POST',
        url: `/api/admin/approvals/${asked.json().approval.id}/approve`,
        headers: (await admin('Checker Admin')).headers,
      });
      expect(approved.statusCode, approved.body).toBe(200);
      const record = (await get(`/api/admin/members/${member.account.id}`)).json();
      expect(record.closure.money).toContain('paid to the saved bank account on the next monthly payout');
      expect((await preview()).payees.map((p) => p.accountId)).toContain(member.account.id);
      // An administrator cannot be closed this way, nor can one close their own account.
      expect(
        (
          await post(`/api/admin/members/${(await admin('Checker Admin')).id}/close`, {
            reason: 'breach_of_terms',
            note: 'Trying on an administrator',
          })
        ).statusCode,
      ).toBe(409);
      expect(
        (
          await post(`/api/admin/members/${(await admin('Maker Admin')).id}/close`, {
            reason: 'breach_of_terms',
            note: 'Trying on myself',
          })
        ).statusCode,
      ).toBe(400);
    });
  },
);
