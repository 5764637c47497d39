import type { Plan, Programme } from '../plan';

/** How joins per month move over the simulated months. */
export type JoinShape =
  | { readonly kind: 'flat' }
  | { readonly kind: 'growing'; readonly percentPerMonth: number }
  | { readonly kind: 'slowing'; readonly percentPerMonth: number }
  | { readonly kind: 'stopping'; readonly afterMonth: number };

/** What the operator assumes about the people, not the plan: the same for both versions compared. */
export interface SimulationInputs {
  readonly months: number;
  /** New members in the first month (re-registrations of Welcome Back come on top). */
  readonly joinsPerMonth: number;
  readonly shape: JoinShape;
  /** Share (0..1) of new members who join Main; the rest join Welcome Back. */
  readonly mainShare: number;
  /** Share (0..1) of Welcome Back members who pay again the month after they finish. */
  readonly rejoinShare: number;
  /** How many people a member brings, as shares of members (normalised). */
  readonly recruits: ReadonlyArray<{ readonly people: number; readonly share: number }>;
  /** Chance (0..1) each month that a member who would still bring people stops. */
  readonly dropOutPerMonth: number;
  /** Wallets below this are not paid on the payout day (PAYOUT_MINIMUM). */
  readonly minimumPayoutKobo: number;
  readonly seed: number;
}

/** The two versions of each programme's plan compared; a programme left out runs its plan in force in both. */
export type PlansCompared = Partial<Record<Programme, { readonly draft: Plan; readonly current: Plan }>>;

export interface PlanSimulationInput {
  readonly plans: PlansCompared;
  readonly inputs: SimulationInputs;
}

/** New members in each month, from the first month's count and the shape. */
export function monthlyJoins(inputs: Pick<SimulationInputs, 'months' | 'joinsPerMonth' | 'shape'>): number[] {
  const { shape, joinsPerMonth } = inputs;
  return Array.from({ length: inputs.months }, (_, month) => {
    switch (shape.kind) {
      case 'flat':
        return joinsPerMonth;
      case 'growing':
        return Math.round(joinsPerMonth * (1 + shape.percentPerMonth / 100) ** month);
      case 'slowing':
        return Math.round(joinsPerMonth * (1 - shape.percentPerMonth / 100) ** month);
      case 'stopping':
        return month < shape.afterMonth ? joinsPerMonth : 0;
    }
  });
}
