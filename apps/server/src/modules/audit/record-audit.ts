import type { Tx } from '../../db/client';
import { auditLog } from '../../db/schema';

export interface AuditEvent {
  /** The administrator (or the system, when null) who acted. */
  actorAccountId: string | null;
  /** A stable verb such as 'make_admin', 'cash_out', 'payout_run', 'grant_decision'. */
  action: string;
  targetAccountId?: string | null;
  /** What an auditor needs to understand the act later; never a secret, token, password or full bank number. */
  details?: Record<string, unknown>;
}

/**
 * Writes one audit row in the caller's transaction, so the act and its record commit or fail together.
 * The time is the database's (created_at default), not the caller's clock.
 */
export async function recordAudit(tx: Tx, event: AuditEvent): Promise<{ id: number }> {
  const [row] = await tx
    .insert(auditLog)
    .values({
      actorAccountId: event.actorAccountId,
      action: event.action,
      targetAccountId: event.targetAccountId ?? null,
      details: event.details ?? {},
    })
    .returning({ id: auditLog.id });
  return { id: row!.id };
}
