import { sql } from 'drizzle-orm';
import { countAffected, mentioning, type PersonalDataPart } from '../../lib/personal-data';

/** The outbox of mails handed to the mail server: bodies kept RETENTION_MAIL_BODY_DAYS at most. */
export const mailOutboxPersonalData: PersonalDataPart = {
  owner: 'adapters/mail',
  async erase(tx, member) {
    await tx.execute(sql`delete from mail_outbox where to_address = ${member.email}`);
    // Mails to others may name the member as their referral.
    await tx.execute(sql`update mail_outbox set text = ${mentioning(member, 'text')}, html = ${mentioning(member, 'html')}
    where text like ${`%${member.fullName}%`} or html like ${`%${member.fullName}%`}`);
  },
  async retain(tx, { now, rules }) {
    const before = new Date(now.getTime() - rules.mailBodyDays * 86400_000);
    return {
      outboxMails: await countAffected(tx, sql`delete from mail_outbox where created_at < ${before}`),
    };
  },
};
