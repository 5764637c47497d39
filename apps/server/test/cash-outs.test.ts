import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { queryRows } from '../src/db/rows';
import { ledgerDiscrepancies, walletBalanceKobo } from '../src/modules/ledger/queries';
import { fundWallet, walletsBelowZero } from './payouts-test-kit';
import { createTestAccount, signInAs } from './accounts-kit';
import { useTestApp } from './app';
import { describeEachDatabase } from './databases';

describeEachDatabase('admin cash-outs', (database) => {
  const ctx = useTestApp(database);
  let adminHeaders: Record<string, string>;
  let adminId: string;

  beforeAll(async () => {
    const admin = await createTestAccount(ctx.app, { role: 'admin', fullName: 'Ada Admin' });
    adminId = admin.id;
    adminHeaders = await signInAs(ctx.app, admin.id);
  });

  const member = async (programme: 'main' | 'welcomeback', walletKobo: number) => {
    const account = await createTestAccount(ctx.app, { programme, fullName: 'Bola Member' });
    if (walletKobo > 0) await fundWallet(ctx.app.db, programme, account.id, walletKobo);
    return account;
  };

  const cashOut = (
    payload: unknown,
    options: { key?: string | null; url?: string; headers?: Record<string, string> } = {},
  ) => {
    const key = options.key === undefined ? randomUUID() : options.key;
    return ctx.app.inject({
      method: 'PUT',
      url: options.url ?? '/api/admin/payOutCash',
      headers: { ...(options.headers ?? adminHeaders), ...(key === null ? {} : { 'idempotency-key': key }) },
      payload: payload as Record<string, unknown>,
    });
  };

  it('refuses each invalid field with its message', async () => {
    const cases: Array<[unknown, string]> = [
      [{ amount: '100' }, 'Enter the member email'],
      [{ email: '  ', amount: '100' }, 'Enter the member email'],
      [{ email: 'not-an-email', amount: '100' }, 'Enter a valid email address'],
      [{ email: 'a@example.com' }, 'Enter an amount'],
      [{ email: 'a@example.com', amount: 'ten' }, 'Enter an amount in naira, such as 5000 or 5000.50'],
      [{ email: 'a@example.com', amount: '10.505' }, 'Enter an amount in naira, such as 5000 or 5000.50'],
      [{ email: 'a@example.com', amount: '-5' }, 'Enter an amount in naira, such as 5000 or 5000.50'],
      [{ email: 'a@example.com', amount: '0' }, 'Enter an amount greater than zero'],
      [{ email: 'a@example.com', amount: '0.00' }, 'Enter an amount greater than zero'],
    ];
    for (const [payload, message] of cases) {
      const res = await cashOut(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message, JSON.stringify(payload)).toBe(message);
    }
    const extra = await cashOut({ email: 'a@example.com', amount: '5', balance: '1000000' });
    expect(extra.statusCode).toBe(400);
  });

  it('needs an Idempotency-Key header holding a UUID', async () => {
    for (const key of [null, 'not-a-uuid']) {
      const res = await cashOut({ email: 'a@example.com', amount: '5' }, { key });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(
        'Send an Idempotency-Key header with a new UUID for each cash-out form',
      );
    }
  });

  it('refuses a member token and a missing token', async () => {
    const someone = await member('main', 100_000);
    const asMember = await cashOut(
      { email: someone.email, amount: '10' },
      { headers: await signInAs(ctx.app, someone.id) },
    );
    expect(asMember.statusCode).toBe(403);
    expect(asMember.json().message).toBe('This needs an administrator account.');
    const anonymous = await cashOut({ email: someone.email, amount: '10' }, { headers: {} });
    expect(anonymous.statusCode).toBe(401);
    expect(await walletBalanceKobo(ctx.app.db, someone.id)).toBe(100_000);
  });

  it('answers 404 for an email with no account in that programme', async () => {
    const res = await cashOut({ email: 'nobody@example.com', amount: '10' });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('No Main member has the email nobody@example.com');
    const mainOnly = await member('main', 100_000);
    const wrongScreen = await cashOut(
      { email: mainOnly.email, amount: '10' },
      { url: '/api/admin/payOutCash2' },
    );
    expect(wrongScreen.statusCode).toBe(404);
    expect(wrongScreen.json().message).toBe(`No Welcome Back member has the email ${mainOnly.email}`);
  });

  it('debits the wallet into the cash payout account, with the administrator recorded', async () => {
    const someone = await member('welcomeback', 1_250_050);
    const res = await cashOut(
      { email: someone.email.toUpperCase(), amount: '12,000.50' },
      { url: '/api/admin/payOutCash2' },
    );
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      message: 'Cash payout recorded',
      data: {
        programme: 'welcomeback',
        email: someone.email,
        fullName: 'Bola Member',
        amount: '12000.50',
        recordedBy: { fullName: 'Ada Admin', email: expect.stringContaining('@') },
      },
    });
    expect(await walletBalanceKobo(ctx.app.db, someone.id)).toBe(1_250_050 - 1_200_050);
    const [row] = await queryRows<{ created_by: string; amount_kobo: string; memo: string; kind: string }>(
      ctx.app.db,
      sql`select c.created_by, c.amount_kobo, e.memo, e.kind from cash_outs c join journal_entries e on e.id = c.journal_entry_id where c.id = ${body.data.id}`,
    );
    expect(row).toMatchObject({
      created_by: adminId,
      kind: 'cash_out',
      memo: 'Cash payout of ₦12,000.50 recorded by administrator Ada Admin',
    });
    expect(Number(row!.amount_kobo)).toBe(1_200_050);
    const [cash] = await queryRows<{ balance_kobo: string }>(
      ctx.app.db,
      sql`select balance_kobo from ledger_accounts where key = 'cash_payout:welcomeback'`,
    );
    expect(Number(cash!.balance_kobo)).toBeGreaterThanOrEqual(1_200_050);
    const audit = await queryRows<{
      actor_account_id: string;
      target_account_id: string;
      details: { cashOutId: number; amountKobo: number };
    }>(
      ctx.app.db,
      sql`select actor_account_id, target_account_id, details from audit_log where action = 'cash_out' and target_account_id = ${someone.id}`,
    );
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actor_account_id: adminId,
      details: { cashOutId: body.data.id, amountKobo: 1_200_050 },
    });
  });

  it('refuses an amount above the wallet and changes nothing', async () => {
    const someone = await member('main', 500_000);
    const res = await cashOut({ email: someone.email, amount: '5000.01' });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe("The amount is more than Bola Member's wallet balance of ₦5,000");
    const empty = await member('main', 0);
    const none = await cashOut({ email: empty.email, amount: '1' });
    expect(none.statusCode).toBe(422);
    expect(none.json().message).toBe("Bola Member's wallet is empty, so there is nothing to pay out");
    expect(await walletBalanceKobo(ctx.app.db, someone.id)).toBe(500_000);
    const rows = await queryRows(
      ctx.app.db,
      sql`select id from cash_outs where account_id in (${someone.id}, ${empty.id})`,
    );
    expect(rows).toEqual([]);
  });

  it('pays the whole wallet when asked for exactly the balance', async () => {
    const someone = await member('main', 500_000);
    const res = await cashOut({ email: someone.email, amount: '5000' });
    expect(res.statusCode).toBe(200);
    expect(await walletBalanceKobo(ctx.app.db, someone.id)).toBe(0);
  });

  it('answers a repeated request with the first result and debits once; the same key with another body is refused', async () => {
    const someone = await member('main', 1_000_000);
    const key = randomUUID();
    const first = await cashOut({ email: someone.email, amount: '3000' }, { key });
    const again = await cashOut({ email: someone.email, amount: '3000.00' }, { key });
    expect(first.statusCode).toBe(200);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect(await walletBalanceKobo(ctx.app.db, someone.id)).toBe(700_000);

    const otherAmount = await cashOut({ email: someone.email, amount: '2000' }, { key });
    expect(otherAmount.statusCode).toBe(409);
    expect(otherAmount.json().message).toBe(
      'This cash-out request was already used for a different member or amount. Reload the form and try again.',
    );
    const otherMember = await member('main', 1_000_000);
    const otherEmail = await cashOut({ email: otherMember.email, amount: '3000' }, { key });
    expect(otherEmail.statusCode).toBe(409);
    expect(await walletBalanceKobo(ctx.app.db, otherMember.id)).toBe(1_000_000);
    expect(await walletBalanceKobo(ctx.app.db, someone.id)).toBe(700_000);
  });

  it('lets only one of two cash-outs through when together they exceed the wallet', async () => {
    const someone = await member('main', 1_000_000);
    const answers = await Promise.all([
      cashOut({ email: someone.email, amount: '6000' }),
      cashOut({ email: someone.email, amount: '6000' }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 422]);
    expect(await walletBalanceKobo(ctx.app.db, someone.id)).toBe(400_000);
    expect(await walletsBelowZero(ctx.app.db)).toBe(0);
  });

  it('never overdraws a wallet under many concurrent cash-outs, and a doubled request debits once', async () => {
    const someone = await member('main', 1_000_000);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => cashOut({ email: someone.email, amount: '3000' })),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(3);
    expect(answers.filter((a) => a.statusCode === 422)).toHaveLength(7);
    expect(await walletBalanceKobo(ctx.app.db, someone.id)).toBe(100_000);

    const key = randomUUID();
    const twice = await Promise.all([
      cashOut({ email: someone.email, amount: '500' }, { key }),
      cashOut({ email: someone.email, amount: '500' }, { key }),
    ]);
    expect(twice.map((a) => a.statusCode)).toEqual([200, 200]);
    expect(twice[0]!.json()).toEqual(twice[1]!.json());
    expect(await walletBalanceKobo(ctx.app.db, someone.id)).toBe(50_000);

    expect(await walletsBelowZero(ctx.app.db)).toBe(0);
    expect(await ledgerDiscrepancies(ctx.app.db)).toEqual({ mismatchedAccounts: [], totalKobo: 0 });
  });
});
