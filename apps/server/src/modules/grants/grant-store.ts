import { and, desc, eq, sql } from 'drizzle-orm';
import { toNairaString } from '@coop/core';
import type { Tx } from '../../db/client';
import { grantApplications } from '../../db/schema';
import { accountEmail, accountName } from '../accounts/account-sql';

type GrantRow = typeof grantApplications.$inferSelect;

/** The API's view of an application: naira at the edge, dates as ISO strings, the decider's id never shown. */
export function grantView(row: GrantRow) {
  return {
    id: row.id,
    amount: toNairaString(row.amountKobo),
    purpose: row.purpose,
    status: row.status,
    decisionNote: row.decisionNote,
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
  };
}

export function grantsOf(db: Tx, accountId: string) {
  return db
    .select()
    .from(grantApplications)
    .where(eq(grantApplications.accountId, accountId))
    .orderBy(desc(grantApplications.id));
}

export async function hasPendingGrant(db: Tx, accountId: string) {
  const rows = await db
    .select({ id: grantApplications.id })
    .from(grantApplications)
    .where(and(eq(grantApplications.accountId, accountId), eq(grantApplications.status, 'pending')))
    .limit(1);
  return rows.length > 0;
}

/** Every application for the administrators, pending ones first, with who applied. */
export async function listGrants(
  db: Tx,
  options: { status?: GrantRow['status']; limit: number; offset: number },
) {
  const where = options.status ? eq(grantApplications.status, options.status) : undefined;
  const rows = await db
    .select({
      grant: grantApplications,
      // Every application belongs to an account (its foreign key): the name and email are never null.
      fullName: sql<string>`${accountName(sql`${grantApplications.accountId}`)}`,
      email: sql<string>`${accountEmail(sql`${grantApplications.accountId}`)}`,
    })
    .from(grantApplications)
    .where(where)
    .orderBy(
      sql`case when ${grantApplications.status} = 'pending' then 0 else 1 end`,
      desc(grantApplications.id),
    )
    .limit(options.limit)
    .offset(options.offset);
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(grantApplications)
    .where(where);
  return {
    total: Number(count?.n ?? 0),
    items: rows.map((r) => ({ ...grantView(r.grant), fullName: r.fullName, email: r.email })),
  };
}

/** The approved grant of an account, if any (at most one: a partial unique index backs the rule). */
export async function approvedGrantOf(db: Tx, accountId: string) {
  const [row] = await db
    .select({ id: grantApplications.id, amountKobo: grantApplications.amountKobo })
    .from(grantApplications)
    .where(and(eq(grantApplications.accountId, accountId), eq(grantApplications.status, 'approved')))
    .limit(1);
  return row ?? null;
}
