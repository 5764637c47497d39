import { shortName } from '@coop/core';
import type { Tx } from '../../db/client';
import { preparedRows, type PreparedStatement } from '../../db/prepared';
import { accountColumnsJoinText } from '../accounts/account-sql';

/**
 * People in the subtree of $1's latest position whose first name or surname starts with $2 (escaped for LIKE), nearest
 * first, $3 at most, in one statement. The route keeps the hook's access check: a search without a name is refused as
 * bad input only once the session is known to be live.
 */
const searchStatement: PreparedStatement = {
  name: 'member_matrix_search',
  types: ['uuid', 'text', 'integer'],
  text: `select fp.people
   from (select id from positions where account_id = $1 order by id desc limit 1) own
   left join lateral (
     with recursive subtree(id, level) as (
       select id, 1 from positions where parent_id = own.id
       union all
       select p.id, s.level + 1 from positions p join subtree s on p.parent_id = s.id
     ), found as (
       select p.id, s.level, p.stage, p.created_at, h.full_name
       from subtree s join positions p on p.id = s.id ${accountColumnsJoinText('h', 'p.account_id', ['full_name', 'erased_at'])}
       where h.erased_at is null and (lower(h.full_name) like $2 || '%' or lower(h.full_name) like '% ' || $2 || '%')
       order by s.level, p.id limit $3
     )
     select json_agg(json_build_object('id', id, 'level', level, 'stage', stage, 'created_at', created_at, 'full_name', full_name)
       order by level, id) as people from found
   ) fp on true`,
};

const likePattern = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The signed-in member's search of its own matrix by name. */
export async function searchOwnMatrix(db: Tx, accountId: string, name: string, limit = 20) {
  const [row] = await preparedRows<{
    people: Array<{ id: number; level: number; stage: number; created_at: string; full_name: string }> | null;
  }>(db, searchStatement, [accountId, likePattern(name.trim().toLowerCase()), limit]);
  return (row?.people ?? []).map((r) => ({
    positionId: Number(r.id),
    level: r.level,
    name: shortName(r.full_name),
    stage: r.stage,
    joinedAt: new Date(r.created_at).toISOString(),
  }));
}
