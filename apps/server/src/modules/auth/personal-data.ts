import { sql } from 'drizzle-orm';
import { countAffected, type PersonalDataPart } from '../../lib/personal-data';

/** Mailed tokens (confirmation, password reset, closure): spent or expired ones go daily, all of them on erasure. */
export const authPersonalData: PersonalDataPart = {
  owner: 'auth',
  async erase(tx, { accountId }) {
    await tx.execute(sql`delete from account_tokens where account_id = ${accountId}`);
  },
  async retain(tx, { now }) {
    const accountTokens = await countAffected(
      tx,
      sql`delete from account_tokens where expires_at <= ${now} or used_at is not null`,
    );
    return { accountTokens };
  },
};
