import type { Plan, Programme } from '@coop/core';
import type { CurrentPlans } from '@coop/core/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { queryRows } from '../db/rows';

/**
 * The published version of each programme, for the pages the server sends. Read at most once per `maxAgeMs`, so a
 * busy public page costs no query per visit; a version published on another instance shows within that time.
 */
export function currentPlansReader(db: Db, maxAgeMs = 2_000) {
  let kept: { at: number; plans: Promise<CurrentPlans> } | undefined;
  return (now = Date.now()): Promise<CurrentPlans> => {
    if (!kept || now - kept.at > maxAgeMs) {
      const plans = queryRows<{ programme: Programme; plan: Plan }>(
        db,
        sql`select programme, plan from plan_versions where status = 'published'`,
      ).then((rows) => Object.fromEntries(rows.map((r) => [r.programme, r.plan])) as unknown as CurrentPlans);
      kept = { at: now, plans };
      // A failed read is not kept: the next page asks again.
      plans.catch(() => (kept = undefined));
    }
    return kept.plans;
  };
}

/** Names the versions, so a page rendered under one version is never served under another. */
export const plansKey = (plans: CurrentPlans) => `${plans.main.version}.${plans.welcomeback.version}`;
