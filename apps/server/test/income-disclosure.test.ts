import type { IncomeDisclosure, PublishedIncomeDisclosures } from '@coop/core/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { queryRows } from '../src/db/rows';
import { lagosYear } from '../src/modules/income-disclosure/disclosure-figures';
import { createTestAccount, signInAs } from './accounts-kit';
import { useTestApp } from './app';
import { describeEachDatabase } from './databases';
import { activate, createAccount } from './engine-test-kit';

const thisYear = new Date(Date.now() + 3_600_000).getUTCFullYear();

describeEachDatabase('income disclosure statement', (database) => {
  const ctx = useTestApp(database);
  let admin: Record<string, string>;

  beforeAll(async () => {
    admin = await signInAs(ctx.app, (await createTestAccount(ctx.app, { role: 'admin' })).id);
    const db = ctx.database.db;
    // An earlier member (paid last year) sponsors this year's: their bonuses this year count apart.
    const earlier = await createAccount(db, 'main', null, 'Early Bird');
    await activate(db, 'main', earlier, 'ref-early');
    // The journal refuses changes (a trigger); the test moves one entry back a year with the trigger off for a moment.
    await db.transaction(async (tx) => {
      await tx.execute(sql`alter table journal_entries disable trigger user`);
      await tx.execute(
        sql`update journal_entries set created_at = created_at - interval '1 year' where idempotency_key = 'fee:ref-early'`,
      );
      await tx.execute(sql`alter table journal_entries enable trigger user`);
    });
    // This year: A, then 14 under A (A completes Honourable and earns the laptop), then 3 under the earlier member.
    const a = await createAccount(db, 'main', earlier, 'Ada Obi');
    await activate(db, 'main', a);
    for (let i = 0; i < 14; i += 1) await activate(db, 'main', await createAccount(db, 'main', a));
    for (let i = 0; i < 3; i += 1) await activate(db, 'main', await createAccount(db, 'main', earlier));
    await db.execute(
      sql`update awards set status = 'delivered', delivered_at = now() where account_id = ${a} and kind = 'laptop'`,
    );
    // A Welcome Back member, so the programme filter has something to leave out.
    await activate(db, 'welcomeback', await createAccount(db, 'welcomeback', null));
  });

  const statement = async (year = thisYear) =>
    (
      await ctx.app.inject({
        method: 'GET',
        url: `/api/admin/income-disclosure?programme=main&year=${year}`,
        headers: admin,
      })
    ).json<IncomeDisclosure>();

  it("its totals equal the ledger's for the year", async () => {
    const { from, to } = lagosYear(thisYear);
    const total = async (kinds: string[], accountKind: string) => {
      const [row] = await queryRows<{ total: string | null }>(
        ctx.database.db,
        sql`select sum(l.amount_kobo) as total from journal_entries e join journal_lines l on l.entry_id = e.id
            join ledger_accounts la on la.id = l.ledger_account_id
            where e.programme = 'main' and e.kind in (${sql.join(
              kinds.map((k) => sql`${k}`),
              sql`, `,
            )}) and la.kind = ${accountKind}
              and e.created_at >= ${from} and e.created_at < ${to}`,
      );
      return Number(row!.total ?? 0);
    };
    const d = await statement();
    expect(d.feesPaidKobo).toBe(await total(['fee'], 'fee_income'));
    expect(d.receivedKobo + d.receivedByEarlierMembersKobo).toBe(
      await total(['referral_bonus', 'promotion'], 'wallet'),
    );
    expect(d.receivedByEarlierMembersKobo).toBeGreaterThan(0);
    expect(d.members).toBe(18);
    expect(d.feesPaidKobo).toBe(18 * 5_000_000);
    expect(d.bands.reduce((s, b) => s + b.members, 0)).toBe(18);
    // A received N620,000 (the ladder to Chairman, net of the health fee): over five fees of N50,000.
    expect(d.bands.find((b) => b.band === 'over_five_fees')!.members).toBeGreaterThanOrEqual(1);
    expect(d.shareAtZero).toBeGreaterThan(0.5);
    expect(d.awardsDelivered).toEqual([
      { kind: 'laptop', label: 'Laptop award', count: 1, valueKobo: 200_000_00 },
    ]);
    expect((await statement(thisYear - 1)).members).toBe(1); // the earlier member, who paid last year
  });

  it('is off the public site until an administrator publishes it; the acts are audited; the CSV carries the figures', async () => {
    const publicList = async () =>
      (
        await ctx.app.inject({ method: 'GET', url: '/api/income-disclosures' })
      ).json<PublishedIncomeDisclosures>();
    expect((await publicList()).statements).toEqual([]);
    expect((await statement()).published).toBe(false);
    const publish = (published: boolean) =>
      ctx.app.inject({
        method: 'PUT',
        url: `/api/admin/income-disclosure/main/${thisYear}/publication`,
        headers: admin,
        payload: { published },
      });
    expect((await publish(true)).json<IncomeDisclosure>().published).toBe(true);
    const listed = (await publicList()).statements;
    expect(listed.map((s) => [s.programme, s.year, s.members])).toEqual([['main', thisYear, 18]]);
    const audit = await queryRows<{ action: string }>(
      ctx.database.db,
      sql`select action from audit_log where action like 'income_disclosure_%' order by id`,
    );
    expect(audit.map((r) => r.action)).toEqual(['income_disclosure_published']);
    const csv = await ctx.app.inject({
      method: 'GET',
      url: `/api/admin/income-disclosure/csv?programme=main&year=${thisYear}`,
      headers: admin,
    });
    expect(csv.headers['content-disposition']).toBe(
      `attachment; filename="income-disclosure-main-${thisYear}.csv"`,
    );
    expect(csv.body).toContain('members,members who paid in the year,18');
    expect((await publish(false)).json<IncomeDisclosure>().published).toBe(false);
    expect((await publicList()).statements).toEqual([]);
  });
});
