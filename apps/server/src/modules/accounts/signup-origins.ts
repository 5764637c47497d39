import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { queryRows } from '../../db/rows';

/** The store of signup_origins: where a sign-up came from, kept only to compare sign-ups with each other. */

export interface SignupOrigin {
  ip: string;
  userAgent: string;
}

/** A browser's description is kept to 500 characters: enough to compare, too short to store a payload. */
export const keptUserAgent = (userAgent: string) => userAgent.slice(0, 500);

export async function recordSignupOrigin(tx: Tx, accountId: string, origin: SignupOrigin) {
  await tx.execute(
    sql`insert into signup_origins (account_id, ip, user_agent) values (${accountId}, ${origin.ip}, ${keptUserAgent(origin.userAgent)})`,
  );
}

/** A new account's phone beside its sponsor's phone and the sponsor's own sign-up (address, browser, hours since). */
export async function signupBesideSponsor(tx: Tx, accountId: string) {
  const [row] = await queryRows<{
    phone: string;
    sponsor_id: string | null;
    sponsor_phone: string | null;
    sponsor_ip: string | null;
    sponsor_agent: string | null;
    sponsor_gap_hours: number | null;
  }>(
    tx,
    sql`select a.phone, s.id as sponsor_id, s.phone as sponsor_phone, o.ip as sponsor_ip, o.user_agent as sponsor_agent,
               extract(epoch from (now() - o.created_at)) / 3600 as sponsor_gap_hours
        from accounts a left join accounts s on s.id = a.sponsor_account_id left join signup_origins o on o.account_id = s.id
        where a.id = ${accountId}`,
  );
  return row ?? null;
}

/** The accounts signed up from the address within the window, with the hour (UTC) of the first of them. */
export function signupsFromAddress(tx: Tx, ip: string, withinMinutes: number) {
  return queryRows<{ account_id: string; hour: string }>(
    tx,
    sql`select account_id, to_char(date_trunc('hour', min(created_at) over () at time zone 'UTC'), 'YYYY-MM-DD"T"HH24') as hour
        from signup_origins where ip = ${ip} and created_at > now() - make_interval(mins => ${withinMinutes})`,
  );
}
