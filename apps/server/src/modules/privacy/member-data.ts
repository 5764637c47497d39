import type { Tx } from '../../db/client';
import { accountToExport } from '../accounts/personal-data';
import { personalDataParts } from './personal-data-parts';

/**
 * The document's sections in the order the member reads them (and the zip lists its files): the profile, then each
 * module's sections, the consents last. The parts fill them; a section no part fills is an error, not a gap.
 */
const LAYOUT = [
  'profile',
  'bankDetails',
  'positions',
  'walletLines',
  'payments',
  'payouts',
  'cashPayouts',
  'awards',
  'grantApplications',
  'notifications',
  'mails',
  'signupOrigins',
  'sessions',
  'statusChanges',
  'privacyRequests',
  'consents',
] as const;

type Row = Record<string, unknown>;

/** The sections the download treats on their own; the others are lists of rows, one CSV each. */
export interface MemberData {
  generatedAt: string;
  profile: NonNullable<Awaited<ReturnType<typeof accountToExport>>>['profile'];
  bankDetails: Row | null;
  payouts: (Row & { reference: string; attempts: Row[] })[];
  consents: Row & { termsAcceptedAt: string | null; mailsTurnedOff: Row[] };
  [section: string]: unknown;
}

const isFields = (v: unknown): v is Row => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Everything the platform holds about one account, for the member's right of access and portability (NDPA
 * sections 34 and 38), asked of each module's part (decision 0048). Other members appear only as the member's own
 * matrix shows them: a first name and a surname initial. Mail bodies are left out on purpose: they carry single-use
 * links (their subjects and dates are in).
 */
export async function memberData(db: Tx, accountId: string, now: Date): Promise<MemberData | null> {
  const account = await accountToExport(db, accountId);
  if (!account) return null;
  const member = { accountId, programme: account.programme, shorten: account.shorten };
  const sections: Row = { profile: account.profile, consents: account.consents };
  for (const part of personalDataParts) {
    for (const [name, value] of Object.entries((await part.export?.(db, member)) ?? {})) {
      // Two parts may fill one section's fields (the account's consents, and the mails turned off).
      const had = sections[name];
      sections[name] = isFields(had) && isFields(value) ? { ...had, ...value } : value;
    }
  }
  const data: Row = { generatedAt: now.toISOString() };
  for (const name of LAYOUT) {
    if (!(name in sections)) throw new Error(`no personal-data part fills the My Data section ${name}`);
    data[name] = sections[name];
  }
  const unplaced = Object.keys(sections).filter((name) => !(LAYOUT as readonly string[]).includes(name));
  if (unplaced.length > 0) throw new Error(`My Data has no place for the sections ${unplaced.join(', ')}`);
  return data as MemberData;
}
