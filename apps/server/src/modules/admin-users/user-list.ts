import { sql } from 'drizzle-orm';
import { getPlan, stageName, type Programme } from '@coop/core';
import type { Tx } from '../../db/client';
import { queryRows } from '../../db/rows';
import { accountColumnsFrom } from '../accounts/account-sql';
import { findAccountByEmail } from '../accounts/account-store';
import { latestStageOf } from '../engine/position-store';

/** Escapes LIKE's wildcards so a search for "a_b" finds "a_b" and not "axb". */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const listColumns = [
  'id',
  'programme',
  'full_name',
  'email',
  'phone',
  'referral_code',
  'role',
  'status',
  'email_confirmed_at',
  'created_at',
] as const;

/** Accounts of a programme for the administrators, newest first, with the stage of their latest position. */
export async function listUsers(
  db: Tx,
  programme: Programme,
  options: { search?: string; limit: number; offset: number },
) {
  const search = options.search?.trim();
  const filter = search
    ? sql`and (a.email ilike ${likePattern(search)} or a.full_name ilike ${likePattern(search)} or a.referral_code ilike ${likePattern(search)} or a.phone ilike ${likePattern(search)})`
    : sql``;
  const rows = await queryRows<{
    id: string;
    full_name: string;
    email: string;
    phone: string;
    referral_code: string;
    role: 'user' | 'admin';
    status: string;
    email_confirmed_at: string | Date | null;
    created_at: string | Date;
    stage: number | null;
    total: string;
    admins: string;
  }>(
    db,
    sql`select a.id, a.full_name, a.email, a.phone, a.referral_code, a.role, a.status, a.email_confirmed_at, a.created_at,
               ${latestStageOf(sql`a.id`)} as stage,
               count(*) over () as total, count(*) filter (where a.role = 'admin') over () as admins
        from ${accountColumnsFrom('a', listColumns)}
        where a.programme = ${programme} ${filter}
        order by a.created_at desc, a.id
        limit ${options.limit} offset ${options.offset}`,
  );
  const plan = getPlan(programme);
  return {
    total: rows[0] ? Number(rows[0].total) : 0,
    administrators: rows[0] ? Number(rows[0].admins) : 0,
    users: rows.map((r) => ({
      id: r.id,
      fullName: r.full_name,
      email: r.email,
      // An administrator made without a phone carries a placeholder of zeros (accounts/administrators.ts): not a number to show.
      phone: r.role === 'admin' && /^0+$/.test(r.phone) ? '' : r.phone,
      referralCode: r.referral_code,
      role: r.role,
      accountStatus: r.status,
      emailConfirmed: r.email_confirmed_at !== null,
      paid: r.stage !== null,
      stage: r.stage,
      // An administrator without a paid position runs the platform; they are not an unpaid member.
      status:
        r.stage !== null
          ? stageName(plan, r.stage)
          : r.role === 'admin'
            ? 'Administrator'
            : 'Not yet a member',
      createdAt: new Date(r.created_at).toISOString(),
    })),
  };
}

export async function accountIdByEmail(db: Tx, programme: Programme, email: string) {
  return (await findAccountByEmail(db, programme, email.trim().toLowerCase()))?.id ?? null;
}
