import { programmeName, toNairaString, type Programme, DomainError } from '@coop/core';
import type { AccountForConfirmation } from '@coop/core/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/rows';
import { accountColumnsFrom } from '../accounts/account-sql';
import { holdsPosition } from '../engine/position-store';
import { walletBalanceOf } from '../ledger/ledger-store';

/** Who an act is for, read fresh: name, programme, wallet balance, role. Shown before a cash-out or role change is sent. */
export async function accountForConfirmation(
  db: Db,
  programme: Programme,
  email: string,
): Promise<AccountForConfirmation & { balanceKobo: number }> {
  const [row] = await queryRows<{
    id: string;
    full_name: string;
    email: string;
    role: 'user' | 'admin';
    status: AccountForConfirmation['status'];
    balance_kobo: string | null;
    paid: boolean;
  }>(
    db,
    sql`select a.id, a.full_name, a.email, a.role, a.status, ${walletBalanceOf(sql`a.id`)} as balance_kobo,
               ${holdsPosition(sql`a.id`)} as paid
        from ${accountColumnsFrom('a', ['id', 'full_name', 'email', 'role', 'status', 'programme'])}
        where a.programme = ${programme} and a.email = ${email}`,
  );
  if (!row)
    throw new DomainError('no_account', `No ${programmeName(programme)} account uses the email ${email}.`);
  return {
    id: row.id,
    fullName: row.full_name,
    email: row.email,
    programme,
    role: row.role,
    status: row.status,
    walletBalance: toNairaString(Number(row.balance_kobo ?? 0)),
    balanceKobo: Number(row.balance_kobo ?? 0),
    paid: row.paid,
  };
}
