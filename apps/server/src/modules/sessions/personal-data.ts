import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/rows';
import { countAffected, isoOrNull as iso, type PersonalDataPart } from '../../lib/personal-data';

type When = string | Date | null;

/**
 * The member's sign-ins: when each started and ended. On erasure they end and their refresh tokens go; the daily
 * retention deletes ended and expired ones (their refresh tokens first, which point at them).
 */
export const sessionsPersonalData: PersonalDataPart = {
  owner: 'sessions',
  async export(tx, { accountId }) {
    const sessions = await queryRows<{ created_at: When; expires_at: When; revoked_at: When }>(
      tx,
      sql`select created_at, expires_at, revoked_at from sessions where account_id = ${accountId} order by created_at`,
    );
    return {
      sessions: sessions.map((s) => ({
        startedAt: iso(s.created_at),
        expiresAt: iso(s.expires_at),
        endedAt: iso(s.revoked_at),
      })),
    };
  },
  async erase(tx, { accountId, now }) {
    await tx.execute(
      sql`delete from refresh_tokens where session_id in (select id from sessions where account_id = ${accountId})`,
    );
    await tx.execute(
      sql`update sessions set revoked_at = coalesce(revoked_at, ${now}), revoke_reason = coalesce(revoke_reason, 'account_erased') where account_id = ${accountId}`,
    );
  },
  async retain(tx, { now }) {
    const refreshTokens = await countAffected(
      tx,
      sql`delete from refresh_tokens where session_id in (select id from sessions where expires_at <= ${now} or revoked_at is not null)`,
    );
    const sessions = await countAffected(
      tx,
      sql`delete from sessions where expires_at <= ${now} or revoked_at is not null`,
    );
    return { refreshTokens, sessions };
  },
};
