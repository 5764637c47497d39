/** The two programmes; everything else names them by this type (and `programmeNames` in words). */
export const PROGRAMMES = ['main', 'welcomeback'] as const;
export type Programme = (typeof PROGRAMMES)[number];

export const AWARD_KINDS = [
  'laptop',
  'gift',
  'car',
  'social_club',
  'suv',
  'housing',
  'golden_crown_annual',
  'domestic_appliances',
] as const;
export type AwardKind = (typeof AWARD_KINDS)[number];

export interface AwardDef {
  readonly kind: AwardKind;
  readonly label: string;
  /**
   * Value of one installment, more than 0 (an award without a value is refused: decision 0062). It is also the estimated naira cost
   * that forecasts use: an award is never paid in cash, so its value is what the company expects to spend on it.
   */
  readonly valueKobo: number;
  /** The Golden Crown annual award comes as 5 yearly installments; others as 1. */
  readonly installments: number;
  /**
   * What one installment is expected to cost the company, used only by forecasts (the simulator). Unset: the
   * forecast takes `valueKobo`, so today's plans forecast at the values they state.
   */
  readonly estimatedCostKobo?: number;
}

export interface StageDef {
  readonly number: number;
  readonly name: string;
  /** Cash credited on completing this stage. */
  readonly activitiesKobo: number;
  readonly graduatingKobo: number;
  readonly thankYouKobo: number;
  /** Non-cash awards recorded on completing this stage. */
  readonly awards: readonly AwardDef[];
}

export interface Plan {
  readonly programme: Programme;
  /**
   * The published version of the programme's plan (1 is the plan below, seeded into the database). Positions,
   * credits, awards and journal entries record it; a position is paid by the version it joined under.
   */
  readonly version: number;
  readonly name: string;
  readonly feeKobo: number;
  readonly stages: readonly StageDef[];
  /** Paid to the sponsor for each of the first `referralBonusCap` direct referrals of a position. */
  readonly referralBonusKobo: number;
  readonly referralBonusCap: number;
  /** Direct referrals needed to be at stage k: `directReferralsPerStage * k`. */
  readonly directReferralsPerStage: number;
  /** Deducted from the bonuses of completing this stage (Main, Honourable); the spec gives no amount. */
  readonly healthFee: { readonly stage: number; readonly amountKobo: number } | null;
  /** Members at this stage may apply for a grant up to the ceiling (Main, Executive). */
  readonly grant: { readonly stage: number; readonly ceilingKobo: number } | null;
  /** What a position is called once it has completed the last stage. */
  readonly graduateTitle: string;
  /** Whether a finished participant may pay again for a new position (Welcome Back). */
  readonly rejoinAfterFinish: boolean;
}
