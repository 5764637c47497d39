import type { CurrentPlans } from '@coop/core/contracts';

/**
 * The published version of each programme, for the pages the server sends. Read at most once per `maxAgeMs`, so a
 * busy public page costs no query per visit; a version published on another instance shows within that time.
 * The read itself is the plans module's (`publishedPlans`): lib sits below the modules, so it is handed in.
 */
export function currentPlansReader(readPublished: () => Promise<CurrentPlans>, maxAgeMs = 2_000) {
  let kept: { at: number; plans: Promise<CurrentPlans> } | undefined;
  return (now = Date.now()): Promise<CurrentPlans> => {
    if (!kept || now - kept.at > maxAgeMs) {
      const plans = readPublished();
      kept = { at: now, plans };
      // A failed read is not kept: the next page asks again.
      plans.catch(() => (kept = undefined));
    }
    return kept.plans;
  };
}

/** Names the versions, so a page rendered under one version is never served under another. */
export const plansKey = (plans: CurrentPlans) => `${plans.main.version}.${plans.welcomeback.version}`;
