import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/rows';
import { countAffected, erasing, isoOrNull as iso, type PersonalDataPart } from '../../lib/personal-data';

type When = string | Date | null;

/**
 * Privacy's own tables as a part like the others: the member's requests in the register (kept, without who, on
 * erasure: how the Act's deadlines were met), and the large downloads waiting or mailed (deleted).
 */
export const privacyPersonalData: PersonalDataPart = {
  owner: 'privacy',
  async export(tx, { accountId }) {
    const requests = await queryRows<{
      kind: string;
      received_at: When;
      due_at: When;
      status: string;
      answer: string;
      answered_at: When;
    }>(
      tx,
      sql`select kind, received_at, due_at, status, answer, answered_at from privacy_requests where account_id = ${accountId} order by received_at`,
    );
    return {
      privacyRequests: requests.map((r) => ({
        kind: r.kind,
        receivedAt: iso(r.received_at),
        dueAt: iso(r.due_at),
        status: r.status,
        answer: r.answer,
        answeredAt: iso(r.answered_at),
      })),
    };
  },
  async erase(tx, member) {
    const erase = (column: string) => erasing(member, column);
    await tx.execute(sql`update privacy_requests set requester = ${erase('requester')}, details = ${erase('details')}, answer = ${erase('answer')}
    where account_id = ${member.accountId} or requester like ${`%${member.email}%`}`);
    await tx.execute(sql`delete from data_exports where account_id = ${member.accountId}`);
  },
  async retain(tx, { now }) {
    // A large My Data download whose mailed link has expired (decision 0030).
    return { dataExports: await countAffected(tx, sql`delete from data_exports where expires_at <= ${now}`) };
  },
};
