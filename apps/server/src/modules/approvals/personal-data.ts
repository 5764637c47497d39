import { sql } from 'drizzle-orm';
import { erasing, type PersonalDataPart } from '../../lib/personal-data';

/**
 * Requests about the member: one still waiting (other than the erasure itself) defers erasure; the others keep
 * their dates and decisions, and lose the member's values from their texts.
 */
export const approvalsPersonalData: PersonalDataPart = {
  owner: 'approvals',
  holds: [
    {
      value: (accountId) =>
        sql`(select count(*) from approval_requests where target_account_id = ${accountId} and status = 'pending' and kind <> 'erase_member')`,
      blocker: (n) => (Number(n) > 0 ? 'A request about this member is waiting on Approvals.' : null),
    },
  ],
  async erase(tx, member) {
    const erase = (column: string, json = false) => erasing(member, column, json);
    await tx.execute(sql`update approval_requests set summary = ${erase('summary')}, payload = ${erase('payload', true)},
      result = ${erase('result', true)}, decline_reason = ${erase('decline_reason')}, failure_reason = ${erase('failure_reason')}
    where target_account_id = ${member.accountId} or payload::text like ${`%${member.email}%`}`);
  },
};
