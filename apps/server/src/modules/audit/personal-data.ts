import { sql } from 'drizzle-orm';
import { erasing, type PersonalDataPart } from '../../lib/personal-data';

/** The audit log is kept for other reasons: on erasure only the member's values go from its details. */
export const auditPersonalData: PersonalDataPart = {
  owner: 'audit',
  async erase(tx, member) {
    const { accountId } = member;
    await tx.execute(sql`update audit_log set details = ${erasing(member, 'details', true)}
    where target_account_id = ${accountId} or actor_account_id = ${accountId} or details::text like ${`%${member.email}%`}`);
  },
};
