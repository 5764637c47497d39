import { z } from 'zod';
import { EARNINGS_BANDS } from '../simulation/earnings';
import { monthlyJoins } from '../simulation/simulation-inputs';
import { AWARD_KINDS, PROGRAMMES } from '../plan/types';
import { requiredText, textField } from './fields';

/** Whole kobo, never negative, as the core holds money. */
const kobo = z
  .number({ message: 'Enter an amount in kobo' })
  .int('Use whole kobo')
  .min(0, 'Use an amount of 0 or more')
  .max(Number.MAX_SAFE_INTEGER);
const count = (max: number) =>
  z.number().int('Use a whole number').min(0, 'Use 0 or more').max(max, `Use at most ${max}`);
const share = z
  .number({ message: 'Enter a share between 0 and 1' })
  .min(0, 'Use a share of 0 or more')
  .max(1, 'Use a share of at most 1');

const awardSchema = z.strictObject({
  kind: z.enum(AWARD_KINDS),
  label: requiredText('Name the award', 120),
  valueKobo: kobo,
  installments: z.number().int().min(1).max(10),
  estimatedCostKobo: kobo.optional(),
});

const stageSchema = z.strictObject({
  number: count(20),
  name: requiredText('Name the stage', 60),
  activitiesKobo: kobo,
  graduatingKobo: kobo,
  thankYouKobo: kobo,
  awards: z.array(awardSchema).max(6),
});

/** Core's `Plan`, as a request carries it (the simulator's draft; amounts in kobo). */
export const planSchema = z.strictObject({
  programme: z.enum(PROGRAMMES),
  version: count(1_000_000),
  name: requiredText('Name the plan', 80),
  feeKobo: kobo.min(1, 'The fee must be above 0'),
  stages: z.array(stageSchema).min(1).max(12),
  referralBonusKobo: kobo,
  referralBonusCap: count(20),
  directReferralsPerStage: count(20),
  healthFee: z.strictObject({ stage: count(20), amountKobo: kobo }).nullable(),
  grant: z.strictObject({ stage: count(20), ceilingKobo: kobo }).nullable(),
  graduateTitle: requiredText('Name the title past the last stage', 60),
  rejoinAfterFinish: z.boolean(),
});

/** The most payments one simulation runs: five times the benchmark's 100,000, a few seconds of one thread. */
export const SIMULATION_MAX_JOINS = 500_000;

export const simulationInputsSchema = z
  .strictObject({
    months: z
      .number()
      .int('Use whole months')
      .min(1, 'Simulate at least 1 month')
      .max(120, 'Simulate at most 120 months'),
    joinsPerMonth: z
      .number()
      .int('Use a whole number')
      .min(1, 'At least 1 join a month')
      .max(SIMULATION_MAX_JOINS),
    shape: z.discriminatedUnion('kind', [
      z.strictObject({ kind: z.literal('flat') }),
      z.strictObject({ kind: z.literal('growing'), percentPerMonth: z.number().min(0).max(100) }),
      z.strictObject({ kind: z.literal('slowing'), percentPerMonth: z.number().min(0).max(100) }),
      z.strictObject({ kind: z.literal('stopping'), afterMonth: z.number().int().min(1).max(120) }),
    ]),
    mainShare: share,
    rejoinShare: share,
    recruits: z
      .array(z.strictObject({ people: count(50), share }))
      .min(1, 'Say how many people members bring')
      .max(12)
      .refine((r) => r.some((x) => x.share > 0), 'At least one share must be above 0'),
    dropOutPerMonth: share,
    minimumPayoutKobo: kobo,
    seed: count(2 ** 31 - 1),
    // The year beyond joins (decision 0063): optional, a request left without them takes the core's defaults.
    awardLeadMonths: count(60).optional(),
    grantApplyShare: share.optional(),
    grantApprovedShare: share.optional(),
    grantAmountShare: share.optional(),
    cashOutShare: share.optional(),
    cashOutMinimumKobo: kobo.optional(),
    suspendedShare: share.optional(),
    suspensionMonths: count(120).optional(),
    recruitingCurve: z.array(share).max(120).optional(),
  })
  .refine((inputs) => monthlyJoins(inputs).reduce((s, n) => s + n, 0) <= SIMULATION_MAX_JOINS, {
    message: `Simulate at most ${SIMULATION_MAX_JOINS.toLocaleString('en-NG')} joins in all`,
    path: ['joinsPerMonth'],
  });

/** POST /api/admin/plans/:programme/simulate: a draft of the programme's plan against the plan in force. */
export const simulatePlanRequestSchema = z.strictObject({
  draft: planSchema,
  inputs: simulationInputsSchema,
});
export type SimulatePlanRequest = z.output<typeof simulatePlanRequestSchema>;

const money = z.number().describe('kobo');
// Read-only lists, as the core's report holds them.
const list = <T extends z.ZodType>(item: T) => z.array(item).readonly();
const monthSchema = z.object({
  month: z.number(),
  joins: z.number(),
  feesInKobo: money,
  bonusesAccruedKobo: money,
  healthFeesKobo: money,
  paidOutKobo: money,
  awardsCostKobo: money,
  owedUnpaidKobo: money.describe(
    'if joins stopped after this month: bonuses and grants credited and not paid or cashed out, plus awards earned and not handed over, at cost',
  ),
  cashHeldKobo: money.describe(
    'fees taken so far less what went out so far (payout days, cash-outs, awards handed over)',
  ),
});

const yearSums = {
  awardsDelivered: z.number(),
  awardsDeliveredKobo: money,
  grantApplications: z.number(),
  grantsApproved: z.number(),
  grantsKobo: money,
  cashOuts: z.number(),
  cashOutsKobo: money,
  heldForSuspensionsKobo: money.describe('wallets of suspended members not paid on the payout day'),
  forgoneKobo: money.describe('bonuses and awards suspended members would have earned, not credited'),
  cashOutflowKobo: money.describe('payout day, cash-outs and awards handed over at cost'),
};
// Optional in the report: a report stored before the year was simulated still reads.
const yearSchema = z.object({
  months: list(z.object({ month: z.number(), ...yearSums })),
  years: list(z.object({ year: z.number(), months: z.number(), ...yearSums })),
  totals: z.object({
    ...yearSums,
    awardsOwedKobo: money,
    heldAtEndKobo: money,
    walletsAtEndKobo: money.describe("cash in members' wallets at the end, not paid out or cashed out"),
    costRatio: z.number(),
  }),
});

const versionFiguresSchema = z.object({
  label: z.enum(['draft', 'current']),
  plans: list(z.object({ programme: z.enum(PROGRAMMES), version: z.number(), name: z.string() })),
  months: list(monthSchema),
  totals: z.object({
    joins: z.number(),
    refused: z.number(),
    feesInKobo: money,
    bonusesAccruedKobo: money,
    healthFeesKobo: money,
    paidOutKobo: money,
    awardsCostKobo: money,
    owedUnpaidKobo: money,
    payoutRatio: z.number(),
  }),
  awardsByKind: list(
    z.object({ kind: z.enum(AWARD_KINDS), label: z.string(), count: z.number(), costKobo: money }),
  ),
  stages: list(
    z.object({ programme: z.enum(PROGRAMMES), stage: z.number(), name: z.string(), positions: z.number() }),
  ),
  year: yearSchema.optional().describe('award delivery, grants, cash-outs and suspensions (decision 0063)'),
  earnings: z.object({
    members: z.number(),
    bands: list(z.object({ band: z.enum(EARNINGS_BANDS), members: z.number(), share: z.number() })),
    medianReceivedKobo: money,
    p90ReceivedKobo: money,
    meanReceivedKobo: money,
    medianNetKobo: money,
    meanNetKobo: money,
    shareAtZero: z.number(),
    shareReachingFee: z.number(),
  }),
});

export const planSimulationReportSchema = z.object({
  newMembersPerMonth: list(z.number()),
  recruitingPerMonth: list(z.number()).optional(),
  suspendedPerMonth: list(z.number()).optional(),
  draft: versionFiguresSchema,
  current: versionFiguresSchema,
});
export type PlanSimulationReportBody = z.output<typeof planSimulationReportSchema>;

/** One version's headline at one size: what the checker of a plan approval reads (decision 0061). */
const headlineFiguresSchema = z.object({
  payoutRatio: z.number().describe('(cash bonuses + awards at cost) / fees'),
  cashOwedPerMemberKobo: money.describe(
    "cash in members' wallets at the end, not paid out or cashed out, per member",
  ),
  awardsOwedPerMemberKobo: money.describe('awards earned and not handed over yet, at cost, per member'),
});

/** A draft's simulation, with the maker's assumptions, sized at 1,000 and at 100,000 new members. */
export const simulationHeadlineSchema = z.object({
  sizes: z.array(
    z.object({
      members: z.number().describe('the size asked: 1,000 or 100,000 new members'),
      simulatedMembers: z
        .number()
        .describe('new members the sized run had (each month rounded, so within a few of `members`)'),
      draft: headlineFiguresSchema,
      current: headlineFiguresSchema,
    }),
  ),
});
export type SimulationHeadline = z.output<typeof simulationHeadlineSchema>;

/** Who started a simulation, of what and when: the same on every instance (the job is stored). */
const jobFacts = {
  id: z.string(),
  draftId: z.number().nullable().describe('the stored draft simulated, if it was one'),
  againstVersion: z.number().describe('the version in force it was compared with'),
  startedBy: z.string().nullable(),
  startedAt: z.string(),
};

/** A simulation runs off the request thread, stored: its job is polled, from any instance, until it has ended. */
export const simulationJobSchema = z.discriminatedUnion('status', [
  z.object({ ...jobFacts, status: z.literal('running'), done: z.number(), total: z.number() }),
  z.object({
    ...jobFacts,
    status: z.literal('finished'),
    report: planSimulationReportSchema,
    headline: simulationHeadlineSchema.nullable(),
  }),
  z.object({ ...jobFacts, status: z.literal('failed'), message: z.string() }),
  z.object({
    ...jobFacts,
    status: z.literal('interrupted'),
    message: z.string().describe('the server running it stopped (a restart) before it finished'),
  }),
]);
export type SimulationJob = z.output<typeof simulationJobSchema>;

/** What a plan approval shows of the latest simulation of the draft as it is now (null: none was run). */
export const approvalSimulationSchema = z.object({
  jobId: z.string(),
  status: z.enum(['running', 'finished', 'failed', 'interrupted']),
  againstVersion: z.number(),
  finishedAt: z.string().nullable(),
  headline: simulationHeadlineSchema.nullable(),
});
export type ApprovalSimulation = z.output<typeof approvalSimulationSchema>;

const wholeNumber = (message: string, min: number, max: number) =>
  z.coerce
    .number({ message })
    .int(message)
    .min(min, `Use at least ${min}`)
    .max(max, `Use at most ${max.toLocaleString('en-NG')}`);
const percent = (message: string) =>
  z.coerce.number({ message }).min(0, 'Use 0 to 100').max(100, 'Use 0 to 100');

/**
 * The admin screen's simple form: adjustments to the plan in force (the referral bonus, and every stage's cash
 * bonuses by a percentage) and the assumptions, in words and naira. `people:share` pairs say how many people
 * members bring, such as "0:40, 2:40, 6:20".
 */
export const simulationFormSchema = z.object({
  programme: z.enum(PROGRAMMES),
  referralBonusNaira: wholeNumber('Enter the referral bonus in naira', 0, 100_000_000),
  stageBonusChangePercent: z.coerce
    .number({ message: 'Enter a percentage' })
    .min(-100, 'Use -100 or more')
    .max(1000, 'Use at most 1000'),
  months: wholeNumber('Enter the months', 1, 120),
  joinsPerMonth: wholeNumber('Enter the new members a month', 1, SIMULATION_MAX_JOINS),
  shape: z.enum(['flat', 'growing', 'slowing', 'stopping']),
  shapePercent: percent('Enter the monthly change in percent'),
  stopAfterMonth: wholeNumber('Enter the month joins stop after', 1, 120),
  mainSharePercent: percent('Enter the share joining Main in percent'),
  rejoinPercent: percent('Enter the share paying again in percent'),
  dropOutPercent: percent('Enter the monthly drop-out in percent'),
  recruits: textField({ message: 'Say how many people members bring' })
    .regex(
      /^\s*\d+\s*:\s*\d+(\.\d+)?(\s*,\s*\d+\s*:\s*\d+(\.\d+)?)*\s*$/,
      'Write people:share pairs, such as 0:40, 2:40, 6:20',
    )
    .transform((text) => text.split(',').map((pair) => pair.split(':').map(Number) as [number, number])),
  minimumPayoutNaira: wholeNumber('Enter the smallest payout in naira', 0, 10_000_000),
  seed: wholeNumber('Enter a seed (a whole number)', 0, 2 ** 31 - 1),
  // The year beyond joins (decision 0063).
  awardLeadMonths: wholeNumber('Enter the months to hand an award over', 0, 60),
  grantApplyPercent: percent('Enter the share applying for the grant in percent'),
  grantApprovedPercent: percent('Enter the share of grants approved in percent'),
  grantAmountPercent: percent('Enter the grant asked as a percentage of the ceiling'),
  cashOutPercent: percent('Enter the monthly cash-out chance in percent'),
  cashOutMinimumNaira: wholeNumber('Enter the smallest wallet cashed out in naira', 0, 100_000_000),
  suspendedPercent: percent('Enter the share of members suspended in percent'),
  suspensionMonths: wholeNumber('Enter how many months a suspension lasts', 0, 120),
  recruitingCurve: textField({ message: 'Say who still brings people, month by month' })
    .regex(
      /^\s*\d+(\.\d+)?(\s*,\s*\d+(\.\d+)?)*\s*$/,
      'Write percentages separated by commas, such as 100, 100, 80, 50',
    )
    .transform((text) => text.split(',').map(Number))
    .refine((values) => values.every((v) => v <= 100), 'Use percentages of at most 100')
    .refine((values) => values.length <= 120, 'Give at most 120 months'),
});
export type SimulationForm = z.output<typeof simulationFormSchema>;

/** POST /admin/plans/:programme/drafts/:id/simulate: the draft is stored, only the inputs come. */
export const draftSimulationRequestSchema = z.object({ inputs: simulationInputsSchema });

/** `/admin/plan-simulations/:id` */
export const simulationJobParams = z.object({ id: z.uuid({ message: 'No such simulation' }) });
