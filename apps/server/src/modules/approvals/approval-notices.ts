import { formatNaira } from '@coop/core';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Db, Tx } from '../../db/client';
import { queryRows } from '../../db/rows';
import { activeAdministrators } from '../accounts/account-store';
import { lagosDateTime } from '../../lib/lagos-time';
import { enqueueMail, mailAdministrators } from '../notifications/mail-queue';
import { findApproval, type ApprovalRow } from './approval-store';

/** How often the reminder job looks for requests that have waited too long. */
const REMINDER_SWEEP_MS = 15 * 60_000;

const approvalPath = (id: number) => `/adminapprovals/${id}`;

/** When a request with a notice takes effect, and who can stop it (decision 0038). */
function noticeParagraph(row: ApprovalRow) {
  const at = lagosDateTime(new Date(row.takes_effect_at!));
  const target = row.target_name ? ` and ${row.target_name}` : '';
  return `It takes effect on ${at} (Lagos time) unless an administrator other than ${row.maker_name}${target} declines it on the Approvals page before then; such an administrator may also approve it sooner.${row.target_name ? ` ${row.target_name} may object: the objection is mailed to every administrator but does not stop it.` : ''}`;
}

/**
 * Mails every active administrator except the maker that a request waits for them, in the request's own
 * transaction: the mail goes if and only if the request is recorded.
 */
export async function tellOtherAdministrators(tx: Tx, row: ApprovalRow, reminder: boolean) {
  // A request with a notice period is mailed to its maker too: every administrator learns when it takes effect.
  const admins = await activeAdministrators(tx, {
    except: row.takes_effect_at !== null ? undefined : row.maker_account_id,
  });
  const amount =
    row.amount_kobo === null
      ? ''
      : ` (${formatNaira(Number(row.amount_kobo))}${row.preview_count === null ? '' : `, ${row.preview_count} payment${Number(row.preview_count) === 1 ? '' : 's'}`})`;
  const lead = reminder
    ? `Request #${row.id} from ${row.maker_name} is still waiting for a second administrator: ${row.summary}${amount}. Nothing happens until someone other than ${row.maker_name} approves or declines it.`
    : `${row.maker_name} asked for this, and it waits for a second administrator: ${row.summary}${amount}. Nothing happens until someone other than ${row.maker_name} approves or declines it.`;
  const notice = row.takes_effect_at ? noticeParagraph(row) : null;
  await mailAdministrators(tx, admins, {
    subject: notice
      ? `${reminder ? 'Still waiting' : 'Notice'}: request #${row.id} takes effect unless declined`
      : `${reminder ? 'Still waiting' : 'Waiting for your approval'}: request #${row.id}`,
    paragraphs: notice
      ? [
          `${reminder ? 'Still waiting: request' : 'Request'} #${row.id} from ${row.maker_name}: ${row.summary}.`,
          notice,
        ]
      : [lead, 'Check what was asked, then approve or decline it on the Approvals page.'],
    action: { label: 'See the request', path: approvalPath(Number(row.id)) },
  });
}

/**
 * Tells the maker, by mail, that their request was approved but could not be carried out, with the reason and what
 * the act gave back (a cash-out's reserved money): they may be waiting to act on it (hand over cash).
 */
export async function tellMakerNotCarriedOut(
  tx: Tx,
  row: ApprovalRow,
  checker: { fullName: string },
  reason: string,
  released: string | null,
) {
  await enqueueMail(
    tx,
    row.maker_email,
    {
      template: 'admin_notice',
      data: {
        name: row.maker_name,
        subject: `Not carried out: request #${row.id}`,
        paragraphs: [
          `${checker.fullName} approved your request #${row.id}, but it could not be carried out: ${row.summary}.`,
          `The reason: ${reason}`,
          released ?? 'Nothing was done.',
        ],
        action: { label: 'See the request', path: approvalPath(Number(row.id)) },
      },
    },
    row.maker_account_id,
  );
}

/**
 * Reminds the other administrators, once, of each request that has waited longer than APPROVAL_REMINDER_HOURS.
 * The row is claimed with its reminder time before the mails are queued, in one transaction, so two runs of the
 * job (or two instances) remind once.
 */
export async function remindWaitingApprovals(deps: { db: Db; config: Pick<Config, 'approvals'> }, now: Date) {
  const before = new Date(now.getTime() - deps.config.approvals.reminderMs);
  return deps.db.transaction(async (tx) => {
    const claimed = await queryRows<{ id: string }>(
      tx,
      sql`update approval_requests set reminded_at = ${now} where status = 'pending' and reminded_at is null and created_at <= ${before} returning id`,
    );
    for (const { id } of claimed)
      await tellOtherAdministrators(tx, (await findApproval(tx, Number(id)))!, true);
    return claimed.length;
  });
}

export function scheduleApprovalReminders(app: FastifyInstance) {
  app.jobs.add({
    name: 'approval-reminders',
    everyMs: REMINDER_SWEEP_MS,
    run: (now) => remindWaitingApprovals(app, now),
  });
}
