import type { Plan, Programme } from '@coop/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

export type MyPlan = Plan & { effectiveAt: string; joinedUnder: number | null; currentVersion: number };

export const myPlanPath = (programme: Programme) => `/me/plan?programme=${programme}`;

/** GET /me/plan: the plan version the member's position joined under (before paying: the current one). */
export const myPlanQuery = (programme: Programme) =>
  queryOptions({
    queryKey: ['me', 'plan', programme],
    queryFn: () => apiFetch<MyPlan>(myPlanPath(programme)),
  });

export const useMyPlan = (programme: Programme) => useQuery(myPlanQuery(programme));
