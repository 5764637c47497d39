import type { Plan, Programme } from '@coop/core';
import type { CurrentPlans } from '@coop/core/page-data';
import { createContext, useContext, type ReactNode } from 'react';

export type { CurrentPlans };

/**
 * The plan version each programme's new positions join under now, written into every page by the server (as the
 * site's identity is), so the public stage tables and fees show the published version from the first paint.
 */
const PlansContext = createContext<CurrentPlans | null>(null);

export function PlansProvider({ plans, children }: { plans: CurrentPlans; children: ReactNode }) {
  return <PlansContext.Provider value={plans}>{children}</PlansContext.Provider>;
}

/** Both programmes' versions in force: what a prospect reads on the public pages (decision 0059). */
export function useCurrentPlans(): CurrentPlans {
  const plans = useContext(PlansContext);
  if (!plans) throw new Error('useCurrentPlan is used outside PlansProvider');
  return plans;
}

export function useCurrentPlan(programme: Programme): Plan {
  return useCurrentPlans()[programme];
}
