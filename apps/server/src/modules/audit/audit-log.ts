import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/rows';
import { accountColumnsJoin, adminNameOf } from '../accounts/account-sql';

export interface AuditRow {
  id: number;
  action: string;
  actorAccountId: string | null;
  actorEmail: string | null;
  /** Who did it, by name and email as the screens name administrators (null: the platform itself). */
  actor: { fullName: string; email: string } | null;
  targetAccountId: string | null;
  targetEmail: string | null;
  details: Record<string, unknown>;
  /** Where the act came from, for the entries that keep an address (sign-ins, wrong passwords, lock-outs). */
  address: string | null;
  createdAt: Date;
}

export interface AuditFilter {
  action?: string;
  actor?: string;
  member?: string;
  /** Lagos days (YYYY-MM-DD), both included. */
  from?: string;
  to?: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const like = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const lagosMidnight = (day: string) => `${day}T00:00:00+01:00`;

/** Each filter given narrows the list; a member is named by account id (the member record's link) or part of an email or name. */
function whereOf(f: AuditFilter) {
  const parts = [
    f.action ? sql`l.action = ${f.action}` : null,
    f.actor ? sql`(actor.email ilike ${like(f.actor)} or actor.full_name ilike ${like(f.actor)})` : null,
    f.member
      ? UUID.test(f.member)
        ? sql`l.target_account_id = ${f.member}::uuid`
        : sql`(target.email ilike ${like(f.member)} or target.full_name ilike ${like(f.member)})`
      : null,
    f.from ? sql`l.created_at >= ${lagosMidnight(f.from)}::timestamptz` : null,
    f.to ? sql`l.created_at < ${lagosMidnight(f.to)}::timestamptz + interval '1 day'` : null,
  ].filter((p) => p !== null);
  return parts.length ? sql`where ${sql.join(parts, sql` and `)}` : sql``;
}

const joins = sql`from audit_log l
        ${accountColumnsJoin('actor', sql`l.actor_account_id`, ['email', 'full_name'], 'left')}
        ${accountColumnsJoin('target', sql`l.target_account_id`, ['email', 'full_name'], 'left')}`;

/** The audit log, newest first, with the emails of the actor and the target so a reader needs no second look-up. */
export async function listAuditLog(db: Db, page: { page: number; pageSize: number } & AuditFilter) {
  const where = whereOf(page);
  const rows = await queryRows<{
    id: string | number;
    action: string;
    actor_account_id: string | null;
    actor_email: string | null;
    actor_name: string | null;
    target_account_id: string | null;
    target_email: string | null;
    details: Record<string, unknown>;
    address: string | null;
    created_at: Date | string;
  }>(
    db,
    sql`select l.id, l.action, l.actor_account_id, actor.email as actor_email, actor.full_name as actor_name, l.target_account_id, target.email as target_email, l.details, l.details->>'address' as address, l.created_at
        ${joins} ${where}
        order by l.created_at desc, l.id desc
        limit ${page.pageSize} offset ${(page.page - 1) * page.pageSize}`,
  );
  const [total] = await queryRows<{ n: string }>(db, sql`select count(*) as n ${joins} ${where}`);
  const actions = await queryRows<{ action: string }>(
    db,
    sql`select distinct action from audit_log order by action`,
  );
  const items: AuditRow[] = rows.map((r) => ({
    id: Number(r.id),
    action: r.action,
    actorAccountId: r.actor_account_id,
    actorEmail: r.actor_email,
    actor: adminNameOf(r.actor_name, r.actor_email),
    targetAccountId: r.target_account_id,
    targetEmail: r.target_email,
    details: r.details,
    address: r.address,
    createdAt: new Date(r.created_at),
  }));
  return { items, total: Number(total?.n ?? 0), actions: actions.map((a) => a.action) };
}
