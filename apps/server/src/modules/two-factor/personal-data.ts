import { sql } from 'drizzle-orm';
import type { PersonalDataPart } from '../../lib/personal-data';

/** An administrator's second factor and recovery codes exist only for their account: deleted on erasure. */
export const twoFactorPersonalData: PersonalDataPart = {
  owner: 'two-factor',
  async erase(tx, { accountId }) {
    await tx.execute(sql`delete from admin_recovery_codes where account_id = ${accountId}`);
    await tx.execute(sql`delete from admin_two_factor where account_id = ${accountId}`);
  },
};
