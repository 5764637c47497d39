import { formatNaira, DomainError } from '@coop/core';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/rows';
import { accountColumnsJoin } from '../accounts/account-sql';
import type { ApprovalAct } from '../approvals/approval-acts';
import { decideGrant } from './grant-service';

/** Approving a grant credits a wallet, so it waits for a second administrator; declining does not. */
export const grantApproval: ApprovalAct<{ grantId: number; note?: string }> = {
  kind: 'grant_approval',
  keyPrefix: 'grant',
  inApprovalTransaction: true,
  subjectKey: ({ grantId }) => `grant:${grantId}`,
  async describe(deps, _maker, { grantId }) {
    const [grant] = await queryRows<{
      account_id: string;
      amount_kobo: string;
      status: string;
      full_name: string;
    }>(
      deps.db,
      sql`select g.account_id, g.amount_kobo, g.status, a.full_name from grant_applications g
          ${accountColumnsJoin('a', sql`g.account_id`, ['full_name'])} where g.id = ${grantId}`,
    );
    if (!grant) throw new DomainError('grant_unknown', 'No grant application with that number.');
    if (grant.status !== 'pending')
      throw new DomainError('grant_decided', `This application was already ${grant.status}.`);
    return {
      summary: `approve grant #${grantId} of ${formatNaira(Number(grant.amount_kobo))} for ${grant.full_name}`,
      targetAccountId: grant.account_id,
      amountKobo: Number(grant.amount_kobo),
      preview: {
        lines: [
          {
            accountId: grant.account_id,
            fullName: grant.full_name,
            email: null,
            bankName: null,
            accountNumberLast4: null,
            amountKobo: Number(grant.amount_kobo),
          },
        ],
      },
    };
  },
  async carryOut({ grantId, note }, { maker }, tx) {
    const grant = await decideGrant(tx as Db, maker.id, grantId, { decision: 'approved', note });
    return { grantId: grant.id };
  },
};
