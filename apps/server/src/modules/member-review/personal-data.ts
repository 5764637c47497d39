import { sql } from 'drizzle-orm';
import { erasing, type PersonalDataPart } from '../../lib/personal-data';

/** Fraud flags on the member (or naming them): one not cleared defers erasure; the others lose the member's values. */
export const memberReviewPersonalData: PersonalDataPart = {
  owner: 'member-review',
  holds: [
    {
      value: (accountId) =>
        sql`(select count(*) from fraud_flags where account_id = ${accountId} and cleared_at is null)`,
      blocker: (n) =>
        Number(n) > 0 ? 'Open dispute: a fraud flag on this account has not been cleared.' : null,
    },
  ],
  async erase(tx, member) {
    const erase = (column: string) => erasing(member, column);
    await tx.execute(sql`update fraud_flags set detail = ${erase('detail')}, dedupe_key = ${erase('dedupe_key')},
      clear_note = ${erase('clear_note')}
    where account_id = ${member.accountId} or related_account_id = ${member.accountId}`);
  },
};
