import { sql } from 'drizzle-orm';
import type { PersonalDataPart } from '../../lib/personal-data';
import { accountEmail } from '../accounts/account-sql';
import { FORMER_MEMBER } from '../accounts/personal-data';

/** Messages the member wrote from their address: one still open defers erasure; on erasure they are emptied. */
export const contactPersonalData: PersonalDataPart = {
  owner: 'contact',
  holds: [
    {
      value: (accountId) =>
        sql`(select count(*) from contact_messages where email = ${accountEmail(accountId)} and state = 'open')`,
      blocker: (n) =>
        Number(n) > 0 ? 'Open dispute: a message from this member in Contact Messages is still open.' : null,
    },
  ],
  async erase(tx, { email }) {
    // The replies first: they are found through the messages' address, which is emptied next.
    await tx.execute(
      sql`update contact_replies set body = '' where message_id in (select id from contact_messages where email = ${email})`,
    );
    await tx.execute(
      sql`update contact_messages set name = ${FORMER_MEMBER}, email = '', message = '' where email = ${email}`,
    );
  },
};
