import { z } from 'zod';
import { PROGRAMMES } from '../plan/types';
import { EARNINGS_BANDS } from '../simulation/earnings';

/** GET /api/admin/income-disclosure: a programme and a calendar year (Lagos time). */
export const incomeDisclosureQuery = z.object({
  programme: z.enum(PROGRAMMES, { message: 'programme must be main or welcomeback' }),
  year: z.coerce
    .number({ message: 'Choose a year' })
    .int('Choose a year')
    .min(2000, 'Choose a year from 2000')
    .max(2100, 'Choose a year up to 2100'),
});

/** PUT /api/admin/income-disclosure/:programme/:year/publication: on the public site, or off it. */
export const incomeDisclosurePublicationSchema = z.strictObject({
  published: z.boolean({ message: 'Say whether to publish it' }),
});

const money = z.number().describe('kobo');

/**
 * What members who paid in the year received in it, from the ledger: each member's cash bonuses credited in the year
 * (net of the health fee) against the fees they paid in it, in bands; and the awards delivered in the year.
 */
export const incomeDisclosureSchema = z.object({
  programme: z.enum(PROGRAMMES),
  year: z.number(),
  published: z.boolean(),
  publishedAt: z.string().nullable(),
  /** Members with a fee in the year. */
  members: z.number(),
  feesPaidKobo: money,
  /** Cash bonuses credited in the year to those members. */
  receivedKobo: money,
  /** Cash bonuses credited in the year to members who paid in an earlier year: with receivedKobo, the ledger's total. */
  receivedByEarlierMembersKobo: money,
  bands: z.array(
    z.object({ band: z.enum(EARNINGS_BANDS), label: z.string(), members: z.number(), share: z.number() }),
  ),
  medianReceivedKobo: money,
  meanReceivedKobo: money,
  medianNetKobo: money,
  meanNetKobo: money,
  shareAtZero: z.number(),
  shareReachingFee: z.number(),
  awardsDelivered: z.array(
    z.object({ kind: z.string(), label: z.string(), count: z.number(), valueKobo: money }),
  ),
});
export type IncomeDisclosure = z.output<typeof incomeDisclosureSchema>;

/** GET /api/income-disclosures (public): the statements an administrator published, newest year first. */
export const publishedIncomeDisclosuresSchema = z.object({ statements: z.array(incomeDisclosureSchema) });
export type PublishedIncomeDisclosures = z.output<typeof publishedIncomeDisclosuresSchema>;
