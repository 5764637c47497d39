import { toNairaString } from '@coop/core';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/rows';
import { isoOrNull as iso, type PersonalDataPart } from '../../lib/personal-data';
import { forgetNameInMemos } from '../ledger/personal-data';

type When = string | Date | null;
const naira = (kobo: string | number) => toNairaString(Number(kobo));

/**
 * The member's positions and awards. Undelivered awards defer erasure; the journal entries of the referral bonuses
 * the member's positions earned their sponsors may name the member in their memos.
 */
export const enginePersonalData: PersonalDataPart = {
  owner: 'engine',
  async export(tx, { accountId }) {
    const positions = await queryRows<{
      id: string;
      stage: number;
      depth: number;
      direct_referrals: number;
      payment_reference: string | null;
      plan_version: number | null;
      created_at: When;
    }>(
      tx,
      sql`select id, stage, depth, direct_referrals, payment_reference, plan_version, created_at from positions where account_id = ${accountId} order by id`,
    );
    const awards = await queryRows<{
      kind: string;
      stage: number;
      installment: number;
      description: string;
      value_kobo: string;
      status: string;
      due_at: When;
      delivered_at: When;
      created_at: When;
    }>(
      tx,
      sql`select kind, stage, installment, description, value_kobo, status, due_at, delivered_at, created_at from awards where account_id = ${accountId} order by id`,
    );
    return {
      positions: positions.map((p) => ({
        id: Number(p.id),
        stage: p.stage,
        level: p.depth,
        directReferrals: p.direct_referrals,
        paymentReference: p.payment_reference,
        planVersion: p.plan_version,
        joinedAt: iso(p.created_at),
      })),
      awards: awards.map((a) => ({
        kind: a.kind,
        stage: a.stage,
        installment: a.installment,
        description: a.description,
        value: naira(a.value_kobo),
        status: a.status,
        dueAt: iso(a.due_at),
        deliveredAt: iso(a.delivered_at),
        recordedAt: iso(a.created_at),
      })),
    };
  },
  holds: [
    {
      value: (accountId) =>
        sql`(select count(*) from awards where account_id = ${accountId} and status = 'pending')`,
      blocker: (n) => (Number(n) > 0 ? 'Awards owed to this member have not been delivered.' : null),
    },
  ],
  async erase(tx, member) {
    // "Referral bonus from ...": the sponsors' bonus entries caused by the member's positions.
    await forgetNameInMemos(
      tx,
      member,
      sql`select c.journal_entry_id from credits c join positions p on c.cause = 'referral:' || p.id::text where p.account_id = ${member.accountId}`,
    );
  },
};
