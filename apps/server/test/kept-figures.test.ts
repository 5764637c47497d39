import { getPlan } from '@coop/core';
import { sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { beforeAll, expect, it } from 'vitest';
import { queryRows } from '../src/db/rows';
import { recordAwards } from '../src/modules/engine/benefit-postings';
import { selectPositions } from '../src/modules/engine/position-store';
import { dashboard } from '../src/modules/member/dashboard';
import { createTestAccount, signInAs } from './accounts-kit';
import { useTestApp } from './app';
import { describeEachDatabase } from './databases';
import { paidMember, paidReferrals } from './member-test-kit';

/**
 * The server keeps each member's moving figures with the version they were read at, and reads them again only when
 * the version moved (decision 0015). These tests change every kind of figure through its own path and compare the
 * dashboard the server answers with one computed afresh from the database.
 */
describeEachDatabase('kept dashboard figures', (database) => {
  const ctx = useTestApp(database);
  let adminHeaders: Record<string, string>;

  beforeAll(async () => {
    const admin = await createTestAccount(ctx.app, { role: 'admin', fullName: 'Ada Admin' });
    adminHeaders = await signInAs(ctx.app, admin.id);
  });

  const version = async (accountId: string) => {
    const [row] = await queryRows<{ v: string | number }>(
      ctx.app.db,
      sql`select coalesce((select version from figures_versions where account_id = ${accountId}), 0) as v`,
    );
    return Number(row!.v);
  };

  it('a dashboard the server keeps follows every change that moves its figures, whoever makes it', async () => {
    const member = await paidMember(ctx.app, 'main', { fullName: 'Kemi Ade' });
    const shown = async () => {
      const res = await ctx.app.inject({ method: 'GET', url: '/api/me', headers: member.headers });
      expect(res.statusCode).toBe(200);
      const afresh = JSON.parse(JSON.stringify(await dashboard(ctx.app.db, member.account.id, 'main')));
      expect(res.json()).toEqual(afresh);
      return res.json();
    };
    expect(await shown()).toMatchObject({ referralCount: 0, referralNode: 0, wallet: '0.00', awards: [] });
    expect(await shown()).toMatchObject({ referralCount: 0 });

    // A referral pays: a new position under it, its referral count, the credit totals and the wallet.
    const [friend] = await paidReferrals(ctx.app, 'main', member.account.id, 1);
    const referred = await shown();
    expect(referred).toMatchObject({ referralCount: 1, referralNode: 1, transaction_counts: 1 });
    expect(referred.wallet).not.toBe('0.00');

    // A member two levels down: only the level counts and Referral Node move, no money.
    await paidMember(ctx.app, 'main', { sponsorAccountId: friend!.account.id });
    expect(await shown()).toMatchObject({ referralCount: 1, referralNode: 2, wallet: referred.wallet });

    // An award is recorded, then delivered by an administrator.
    const [position] = await selectPositions(ctx.app.db, sql`id = ${member.positionId}`);
    const laptop = getPlan('main').stages[2]!.awards[0]!;
    await recordAwards(ctx.app.db, getPlan('main'), position!, [
      { kind: laptop.kind, stage: 2, installment: 1, valueKobo: laptop.valueKobo, description: laptop.label },
    ]);
    const awarded = await shown();
    expect(awarded.awards).toEqual([expect.objectContaining({ kind: laptop.kind, status: 'pending' })]);
    const delivered = await ctx.app.inject({
      method: 'PUT',
      url: `/api/admin/awards/${awarded.awards[0].id}/delivered`,
      headers: adminHeaders,
    });
    expect(delivered.statusCode).toBe(200);
    expect((await shown()).awards).toEqual([expect.objectContaining({ status: 'delivered' })]);

    // An administrator's cash-out moves the wallet alone.
    const cashOut = await ctx.app.inject({
      method: 'PUT',
      url: '/api/admin/payOutCash',
      headers: { ...adminHeaders, 'idempotency-key': randomUUID() },
      payload: { email: member.account.email, amount: '100' },
    });
    expect(cashOut.statusCode).toBe(200);
    expect((await shown()).transaction_counts).toBe(2);

    // A change written by another server or by an operator's SQL, not through this server's code.
    await ctx.app.db.execute(
      sql`update positions set subtree_size = subtree_size + 5 where id = ${member.positionId}`,
    );
    expect(await shown()).toMatchObject({ referralNode: 7 });
  });

  it('a version moves once per account when its transaction commits, and not for work rolled back', async () => {
    const a = await paidMember(ctx.app, 'welcomeback');
    const b = await paidMember(ctx.app, 'welcomeback');
    const [va, vb] = [await version(a.account.id), await version(b.account.id)];
    expect(va).toBeGreaterThan(0);
    const touch = (tx: typeof ctx.app.db, positionId: number) =>
      tx.execute(sql`update positions set subtree_size = subtree_size where id = ${positionId}`);

    await ctx.app.db.transaction(async (tx) => {
      await touch(tx, a.positionId);
      await touch(tx, a.positionId);
      await touch(tx, b.positionId);
    });
    expect([await version(a.account.id), await version(b.account.id)]).toEqual([va + 1, vb + 1]);

    await expect(
      ctx.app.db.transaction(async (tx) => {
        await touch(tx, a.positionId);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await version(a.account.id)).toBe(va + 1);

    // Work undone to a savepoint names no account; what the transaction kept still moves its version.
    await ctx.app.db.transaction(async (tx) => {
      await tx
        .transaction(async (inner) => {
          await touch(inner, a.positionId);
          inner.rollback();
        })
        .catch(() => undefined);
      await touch(tx, b.positionId);
    });
    expect([await version(a.account.id), await version(b.account.id)]).toEqual([va + 1, vb + 2]);
  });
});
