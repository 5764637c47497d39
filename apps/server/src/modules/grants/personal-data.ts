import { toNairaString } from '@coop/core';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/rows';
import { erasing, isoOrNull as iso, type PersonalDataPart } from '../../lib/personal-data';

type When = string | Date | null;

/** The member's grant applications: a pending one defers erasure; decided ones keep amounts and dates. */
export const grantsPersonalData: PersonalDataPart = {
  owner: 'grants',
  async export(tx, { accountId }) {
    const grants = await queryRows<{
      amount_kobo: string;
      purpose: string;
      status: string;
      decided_at: When;
      decision_note: string | null;
      created_at: When;
    }>(
      tx,
      sql`select amount_kobo, purpose, status, decided_at, decision_note, created_at from grant_applications where account_id = ${accountId} order by id`,
    );
    return {
      grantApplications: grants.map((g) => ({
        amount: toNairaString(Number(g.amount_kobo)),
        purpose: g.purpose,
        status: g.status,
        decidedAt: iso(g.decided_at),
        decisionNote: g.decision_note,
        appliedAt: iso(g.created_at),
      })),
    };
  },
  holds: [
    {
      value: (accountId) =>
        sql`(select count(*) from grant_applications where account_id = ${accountId} and status = 'pending')`,
      blocker: (n) => (Number(n) > 0 ? 'A grant application from this member is still pending.' : null),
    },
  ],
  async erase(tx, member) {
    await tx.execute(sql`update grant_applications set purpose = ${erasing(member, 'purpose')},
      decision_note = ${erasing(member, 'decision_note')} where account_id = ${member.accountId}`);
  },
};
