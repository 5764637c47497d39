import type { Plan, Programme } from '../plan';

/** How joins per month move over the simulated months. */
export type JoinShape =
  | { readonly kind: 'flat' }
  | { readonly kind: 'growing'; readonly percentPerMonth: number }
  | { readonly kind: 'slowing'; readonly percentPerMonth: number }
  | { readonly kind: 'stopping'; readonly afterMonth: number };

/**
 * The year beyond joins (decision 0063): awards handed over, grants, cash-outs, suspensions and members who stop
 * bringing people. Each is optional in the inputs (a request or a stored job made before them still runs) and
 * takes the default below when left out.
 */
export interface YearInputs {
  /**
   * Months between an award installment falling due and its handing over (buying and delivering a laptop, a car).
   * The platform makes an installment due when earned (later ones on the anniversaries) and an administrator
   * records its delivery; how long that takes is the operator's assumption.
   */
  readonly awardLeadMonths: number;
  /** Share (0..1) of members reaching the plan's grant stage who apply, the month after reaching it. */
  readonly grantApplyShare: number;
  /** Share (0..1) of applications approved (credited to the wallet the month after the application). */
  readonly grantApprovedShare: number;
  /** What a member asks for, as a share (0..1) of the plan's grant ceiling (never above it). */
  readonly grantAmountShare: number;
  /** Chance (0..1) each month that a member whose wallet holds at least the threshold has it all paid in cash. */
  readonly cashOutShare: number;
  readonly cashOutMinimumKobo: number;
  /** Share (0..1) of members suspended once, from a month drawn among the 12 after they join. */
  readonly suspendedShare: number;
  /** How long a suspension lasts before the member is reinstated. */
  readonly suspensionMonths: number;
  /**
   * Share (0..1) of members still bringing people k months after joining, for k = 1, 2, ... (the join month is 1
   * for everyone); the last value holds after the list ends. On top of the monthly drop-out.
   */
  readonly recruitingCurve: readonly number[];
}

/** The assumptions the year starts from when the inputs leave them out: an example to edit, not a forecast. */
export const defaultYearInputs: YearInputs = {
  awardLeadMonths: 1,
  grantApplyShare: 0.5,
  grantApprovedShare: 0.8,
  grantAmountShare: 0.5,
  cashOutShare: 0.1,
  cashOutMinimumKobo: 2_000_000,
  suspendedShare: 0.01,
  suspensionMonths: 3,
  // Everyone for six months, then fading: a fifth of members still bring people after a year.
  recruitingCurve: [1, 1, 1, 1, 1, 1, 0.8, 0.6, 0.5, 0.4, 0.3, 0.2],
};

/** The inputs' year assumptions, each left out taking its default. */
export function yearInputs(inputs: Partial<YearInputs>): YearInputs {
  const out: Record<string, unknown> = { ...defaultYearInputs };
  for (const [key, value] of Object.entries(inputs)) if (key in out && value !== undefined) out[key] = value;
  return out as unknown as YearInputs;
}

/** What the operator assumes about the people, not the plan: the same for both versions compared. */
export interface SimulationInputs extends Partial<YearInputs> {
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
