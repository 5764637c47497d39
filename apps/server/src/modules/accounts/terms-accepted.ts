import type { Programme } from '@coop/core';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { queryRows } from '../../db/rows';

/** The terms an account accepted at sign-up: its programme's plan version and when (decision 0060). */
export interface TermsAccepted {
  programme: Programme;
  version: number | null;
  acceptedAt: string | null;
}

/** Null without the account; `version` null for an administrator, who accepts no terms. */
export async function termsAcceptedBy(db: Tx, accountId: string): Promise<TermsAccepted | null> {
  const [row] = await queryRows<{
    programme: Programme;
    terms_version: number | null;
    terms_accepted_at: Date | string | null;
  }>(db, sql`select programme, terms_version, terms_accepted_at from accounts where id = ${accountId}`);
  if (!row) return null;
  return {
    programme: row.programme,
    version: row.terms_version,
    acceptedAt: row.terms_accepted_at === null ? null : new Date(row.terms_accepted_at).toISOString(),
  };
}
