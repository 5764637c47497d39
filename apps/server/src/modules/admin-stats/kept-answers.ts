import type { FastifyRequest } from 'fastify';
import { accessParams, admitFromRead, type AccessRow, type CheckedReadDeps } from '../../plugins/auth';
import { checkedRows, withAccessCheck } from '../access/access-check';

// The administrator's session and the version of the admin figures, in one statement.
const versionRead = withAccessCheck(
  'admin_figures_version',
  [],
  'v.version as figures_version',
  'cross join admin_figures_version v',
  { global: true },
);

/**
 * The admin dashboard's answers, kept with the version of the admin figures they were computed at (decision 0034):
 * the version grows at the commit of any change to payments or to an account's name or email (migration 0027), so a
 * kept answer is right until it moves, whoever wrote (another instance, a job, an operator's SQL). A call is then one
 * statement; the answer is computed again only when the version has moved or the key (the day, the limit) differs.
 */
export function keptAdminAnswers() {
  const kept = new Map<string, { version: number; answer: Promise<unknown> }>();
  return async function answer<T>(
    deps: CheckedReadDeps,
    request: FastifyRequest,
    key: string,
    compute: () => Promise<T>,
  ): Promise<T> {
    const [row] = await checkedRows<AccessRow & { figures_version: string | number }>(
      deps,
      versionRead,
      accessParams(deps, request),
    );
    admitFromRead(request, row);
    const version = Number(row!.figures_version);
    const known = kept.get(key);
    if (known?.version === version) return known.answer as Promise<T>;
    // Read after the version: a change committed in between moves the version again, and the next call recomputes.
    const fresh = compute();
    // Only a few keys ever exist (the routes, today's day, the limits asked for): the map is emptied when it grows.
    if (kept.size > 100) kept.clear();
    kept.set(key, { version, answer: fresh });
    fresh.catch(() => kept.delete(key));
    return fresh;
  };
}
