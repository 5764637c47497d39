import { count, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/rows';
import { auditLog } from '../../db/schema';

export interface AuditRow {
  id: number;
  action: string;
  actorAccountId: string | null;
  actorEmail: string | null;
  targetAccountId: string | null;
  targetEmail: string | null;
  details: Record<string, unknown>;
  createdAt: Date;
}

/** The audit log, newest first, with the emails of the actor and the target so a reader needs no second look-up. */
export async function listAuditLog(db: Db, page: { page: number; pageSize: number }) {
  const rows = await queryRows<{
    id: string | number;
    action: string;
    actor_account_id: string | null;
    actor_email: string | null;
    target_account_id: string | null;
    target_email: string | null;
    details: Record<string, unknown>;
    created_at: Date | string;
  }>(
    db,
    sql`select l.id, l.action, l.actor_account_id, actor.email as actor_email, l.target_account_id, target.email as target_email, l.details, l.created_at
        from audit_log l
        left join accounts actor on actor.id = l.actor_account_id
        left join accounts target on target.id = l.target_account_id
        order by l.created_at desc, l.id desc
        limit ${page.pageSize} offset ${(page.page - 1) * page.pageSize}`,
  );
  const [total] = await db.select({ n: count() }).from(auditLog);
  const items: AuditRow[] = rows.map((r) => ({
    id: Number(r.id),
    action: r.action,
    actorAccountId: r.actor_account_id,
    actorEmail: r.actor_email,
    targetAccountId: r.target_account_id,
    targetEmail: r.target_email,
    details: r.details,
    createdAt: new Date(r.created_at),
  }));
  return { items, total: total?.n ?? 0 };
}
