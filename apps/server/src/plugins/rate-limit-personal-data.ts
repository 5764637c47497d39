import { sql } from 'drizzle-orm';
import type { PersonalDataPart } from '../lib/personal-data';

/** Counters of sign-in and reset limits are keyed by the address tried: the member's go on erasure. */
export const rateLimitPersonalData: PersonalDataPart = {
  owner: 'plugins/rate-limits',
  async erase(tx, { email }) {
    await tx.execute(sql`delete from rate_limit_counters where key like ${`%${email}%`}`);
  },
};
