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
    /** How long the mailed link of a large My Data download works (MY_DATA_LINK_DAYS). */
    dataExportLinkDays: z.number(),
  }),
});
export type Site = z.infer<typeof siteSchema>;

/**
 * Every version of the privacy notice, newest first, each with a short summary of what changed: a member who accepted
 * an older one is shown the summaries since, on signing in, and accepts the new one. Add an entry (a date, then a
 * letter for a second change on one day) whenever the notice's words change; sign-up records the version in force.
 */
export const PRIVACY_NOTICE_HISTORY: readonly { version: string; changes: readonly string[] }[] = [
  {
    version: '2026-11-26b',
    changes: [
      'You can now correct your name, phone, address and email yourself, under My Data.',
      'A very large download of your data is prepared in the background and mailed to you as a link that expires.',
      'We keep a register of your requests, answered within one month, and of any breach, reported to the Commission within 72 hours.',
    ],
  },
  { version: '2026-11-26', changes: ['The first privacy notice.'] },
];

export const PRIVACY_NOTICE_VERSION = PRIVACY_NOTICE_HISTORY[0]!.version;

/** What changed since the version a member accepted (all of it when they accepted none, or one no longer listed). */
export function privacyNoticeChangesSince(
  accepted: string | null,
): { version: string; changes: readonly string[] }[] {
  const at = PRIVACY_NOTICE_HISTORY.findIndex((v) => v.version === accepted);
  return PRIVACY_NOTICE_HISTORY.slice(0, at === -1 ? PRIVACY_NOTICE_HISTORY.length : at);
}
