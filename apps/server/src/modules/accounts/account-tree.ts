import { sql, type SQL } from 'drizzle-orm';

/**
 * The referral chain kept on the accounts (each account's sponsor), as statements others use inside their own:
 * each yields `id, depth` rows.
 */

/** Members up the chain, from the sponsor's sponsor (depth 2) to `levels` above the account. */
export function uplineBeyondSponsor(accountId: string, levels: number): SQL {
  return sql`with recursive up(id, depth) as (
      select a.sponsor_account_id, 1 from accounts a where a.id = ${accountId} and a.sponsor_account_id is not null
      union all
      select s.sponsor_account_id, up.depth + 1 from up join accounts s on s.id = up.id where s.sponsor_account_id is not null and up.depth <= ${levels}
    ) select id, depth from up where depth between 2 and ${levels + 1}`;
}

/** Members down the chain, from the referrals' referrals (depth 2) to `levels` below the account. */
export function downlineBeyondReferrals(accountId: string, levels: number): SQL {
  return sql`with recursive down(id, depth) as (
      select r.id, 1 from accounts r where r.sponsor_account_id = ${accountId}
      union all
      select r.id, down.depth + 1 from down join accounts r on r.sponsor_account_id = down.id where down.depth <= ${levels}
    ) select id, depth from down where depth between 2 and ${levels + 1}`;
}
