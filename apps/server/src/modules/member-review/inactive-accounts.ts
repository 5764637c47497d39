import { sql } from 'drizzle-orm';
import { inactivityCutoff, toNairaString, type Programme } from '@coop/core';
import type { Tx } from '../../db/client';
import { queryRows } from '../../db/rows';
import { lastSignInOf, signedInSince } from '../sessions/sessions';
import { accountColumnsFrom } from '../accounts/account-sql';
import { lastPaymentAt, paidOrTriedSince } from '../payments/payment-fragments';
import { walletBalanceOf } from '../ledger/ledger-store';

/**
 * Accounts with no sign-in and no payment since the cutoff (the terms' 12 months), oldest activity first, for an
 * administrator to decide on. A sign-in is a session opened; an account that never signed in counts from its
 * sign-up. Administrators and accounts already suspended or closed are left out: there is nothing to decide.
 */
const listColumns = ['id', 'full_name', 'email', 'programme', 'created_at', 'role', 'status'] as const;

export async function inactiveAccounts(db: Tx, now: Date, page: { limit: number; offset: number }) {
  const cutoff = inactivityCutoff(now);
  const rows = await queryRows<{
    id: string;
    full_name: string;
    email: string;
    programme: Programme;
    created_at: string | Date;
    last_sign_in_at: string | Date | null;
    last_payment_at: string | Date | null;
    balance_kobo: string | null;
    total: string;
  }>(
    db,
    sql`select * from (
          select a.id, a.full_name, a.email, a.programme, a.created_at,
                 ${lastSignInOf(sql`a.id`)} as last_sign_in_at,
                 ${lastPaymentAt(sql`a.id`)} as last_payment_at,
                 ${walletBalanceOf(sql`a.id`)} as balance_kobo
          from ${accountColumnsFrom('a', listColumns)}
          where a.role = 'user' and a.status = 'active' and a.created_at < ${cutoff}
        ) t
        where coalesce(t.last_sign_in_at, t.created_at) < ${cutoff} and coalesce(t.last_payment_at, t.created_at) < ${cutoff}
        order by greatest(coalesce(t.last_sign_in_at, t.created_at), coalesce(t.last_payment_at, t.created_at)), t.id
        limit ${page.limit} offset ${page.offset}`,
  );
  const [count] = await queryRows<{ n: string }>(
    db,
    sql`select count(*) as n from ${accountColumnsFrom('a', listColumns)}
        where a.role = 'user' and a.status = 'active' and a.created_at < ${cutoff}
          and not ${signedInSince(sql`a.id`, cutoff)}
          and not ${paidOrTriedSince(sql`a.id`, cutoff)}`,
  );
  const iso = (v: string | Date | null) => (v === null ? null : new Date(v).toISOString());
  return {
    cutoff,
    total: Number(count?.n ?? 0),
    items: rows.map((r) => ({
      id: r.id,
      fullName: r.full_name,
      email: r.email,
      programme: r.programme,
      createdAt: iso(r.created_at)!,
      lastSignInAt: iso(r.last_sign_in_at),
      lastPaymentAt: iso(r.last_payment_at),
      wallet: toNairaString(Number(r.balance_kobo ?? 0)),
    })),
  };
}
