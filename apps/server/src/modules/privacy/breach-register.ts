import { breachCommissionDeadline, timeLeft, DomainError } from '@coop/core';
import type { Breach, BreachNoticeInput, NewBreachInput } from '@coop/core/contracts';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { queryRows } from '../../db/rows';
import { membersByEmails } from '../accounts/privacy-fields';
import { recordAudit } from '../audit/record-audit';
import { enqueueMail } from '../notifications/mail-queue';

interface Row {
  id: number;
  found_at: Date | string;
  what: string;
  data_kinds: string;
  members_affected: number;
  commission_told_at: Date | string | null;
  members_told_at: Date | string | null;
  members_mailed: number;
}

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

function toBreach(r: Row, now: Date): Breach {
  const deadline = breachCommissionDeadline(new Date(r.found_at));
  return {
    id: Number(r.id),
    foundAt: iso(r.found_at)!,
    what: r.what,
    dataKinds: r.data_kinds,
    membersAffected: r.members_affected,
    commissionDeadline: deadline.toISOString(),
    timeLeft: r.commission_told_at ? null : timeLeft(deadline, now),
    commissionToldAt: iso(r.commission_told_at),
    membersToldAt: iso(r.members_told_at),
    membersMailed: r.members_mailed,
  };
}

const columns = sql`id, found_at, what, data_kinds, members_affected, commission_told_at, members_told_at, members_mailed`;

export async function listBreaches(tx: Tx, now: Date): Promise<Breach[]> {
  const rows = await queryRows<Row>(tx, sql`select ${columns} from breaches order by found_at desc, id desc`);
  return rows.map((r) => toBreach(r, now));
}

export async function recordBreach(
  tx: Tx,
  input: NewBreachInput,
  actorAccountId: string,
  now: Date,
): Promise<Breach> {
  const [row] = await queryRows<Row>(
    tx,
    sql`insert into breaches (found_at, what, data_kinds, members_affected, recorded_by)
        values (${new Date(input.foundAt)}, ${input.what.trim()}, ${input.dataKinds.trim()}, ${Number(input.membersAffected)}, ${actorAccountId})
        returning ${columns}`,
  );
  await recordAudit(tx, {
    actorAccountId,
    action: 'breach_recorded',
    details: { breachId: Number(row!.id), membersAffected: row!.members_affected },
  });
  return toBreach(row!, now);
}

export async function setCommissionTold(
  tx: Tx,
  id: number,
  at: string | null,
  actorAccountId: string,
  now: Date,
): Promise<Breach> {
  const [row] = await queryRows<Row>(
    tx,
    sql`update breaches set commission_told_at = ${at === null ? null : new Date(at)} where id = ${id} returning ${columns}`,
  );
  if (!row) throw new DomainError('breach_unknown', 'No such breach in the register.');
  await recordAudit(tx, { actorAccountId, action: 'breach_commission_told', details: { breachId: id, at } });
  return toBreach(row, now);
}

/** The addresses as the operator pasted them: one per line, or separated by commas, spaces or semicolons. */
const addressesOf = (text: string) => [
  ...new Set(
    text
      .split(/[\s,;]+/)
      .map((e) => e.trim().toLowerCase())
      .filter(Boolean),
  ),
];

/**
 * Mails each affected member the breach notice (through the mail queue, in one transaction with the register and the
 * audit). Every open or closed account with that email is written to, in each programme; an erased one is not found.
 * Addresses that match no account are answered back, so the operator can check them.
 */
export async function notifyBreachMembers(
  tx: Tx,
  id: number,
  input: BreachNoticeInput,
  ctx: { actorAccountId: string; dpoEmail: string; now: Date },
) {
  const [breach] = await queryRows<Row>(tx, sql`select ${columns} from breaches where id = ${id} for update`);
  if (!breach) throw new DomainError('breach_unknown', 'No such breach in the register.');
  const emails = addressesOf(input.emails);
  const accounts = await membersByEmails(tx, emails);
  const found = new Set(accounts.map((a) => a.email));
  const unknown = emails.filter((e) => !found.has(e));
  if (accounts.length === 0)
    throw new DomainError(
      'no_members',
      `No member account uses ${unknown.length === 1 ? 'this address' : 'these addresses'}: nothing was sent.`,
    );
  const foundOn = new Date(breach.found_at).toUTCString().slice(0, 16);
  for (const a of accounts)
    await enqueueMail(
      tx,
      a.email,
      {
        template: 'breach_notice',
        data: {
          name: a.full_name,
          programme: a.programme,
          foundOn,
          what: breach.what,
          dataKinds: breach.data_kinds,
          whatWeDid: input.whatWeDid.trim(),
          whatToDo: input.whatToDo.trim(),
          dpoEmail: ctx.dpoEmail,
        },
      },
      a.id,
    );
  const [row] = await queryRows<Row>(
    tx,
    sql`update breaches set members_told_at = coalesce(members_told_at, ${ctx.now}), members_mailed = members_mailed + ${accounts.length}
        where id = ${id} returning ${columns}`,
  );
  await recordAudit(tx, {
    actorAccountId: ctx.actorAccountId,
    action: 'breach_members_told',
    details: { breachId: id, mailed: accounts.length, unknown: unknown.length },
  });
  return { breach: toBreach(row!, ctx.now), mailed: accounts.length, unknown };
}
