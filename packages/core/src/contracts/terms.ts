import { z } from 'zod';
import type { Programme } from '../plan/types';

/**
 * The stable address of one plan version's terms (decision 0060): a version once published never changes, so
 * neither does the page; the member record, My Data and the notices link here.
 */
export const termsPath = (programme: Programme, version: number) => `/terms/${programme}/v/${version}`;

/** The terms an account accepted at sign-up: the plan version of its programme and when (null: none recorded). */
export const termsAcceptedSchema = z.object({
  version: z.number().nullable().describe('the plan version whose terms were accepted; null: none recorded'),
  acceptedAt: z.string().nullable(),
});
export type TermsAcceptedView = z.infer<typeof termsAcceptedSchema>;
