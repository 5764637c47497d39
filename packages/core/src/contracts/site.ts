import { z } from 'zod';

/** The short, explicit list of configuration the browser may see: the site's identity, nothing else. */
export const siteSchema = z.object({
  name: z.string(),
  shortName: z.string(),
  address: z.string(),
  email: z.string(),
  phones: z.array(z.string()),
  social: z.object({ facebook: z.string(), twitter: z.string(), instagram: z.string() }),
  publicUrl: z.string(),
  /** The privacy notice's facts from the operator's settings (decision 0029). */
  privacy: z.object({
    dpoName: z.string(),
    dpoEmail: z.string(),
    signupOriginMonths: z.number(),
    mailBodyDays: z.number(),
    closedAccountYears: z.number(),
  }),
});
export type Site = z.infer<typeof siteSchema>;

/**
 * The privacy notice's version: change it (a date) whenever the notice's words change; sign-up records the version
 * the member accepted.
 */
export const PRIVACY_NOTICE_VERSION = '2026-11-26';
