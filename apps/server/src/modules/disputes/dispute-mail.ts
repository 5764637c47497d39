import { formatNaira, programmeName, type Programme } from '@coop/core';
import type { Tx } from '../../db/client';
import { activeAdministrators } from '../accounts/account-store';
import { enqueueMail } from '../notifications/mail-queue';

export interface DisputeNotice {
  kind: 'create' | 'remind';
  paystackId: number;
  reference: string;
  amountKobo: number;
  dueAt: Date | null;
  member: { fullName: string; email: string; programme: Programme };
}

const lagos = (date: Date) =>
  date.toLocaleString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'Africa/Lagos',
  });

/** Every active administrator is mailed in the event's transaction (through the mail queue), so a dispute is not missed. */
export async function tellAdministrators(tx: Tx, notice: DisputeNotice) {
  const admins = await activeAdministrators(tx);
  const due = notice.dueAt
    ? `Paystack needs our answer by ${lagos(notice.dueAt)} (Lagos time).`
    : 'Paystack gave no due date.';
  const subject =
    notice.kind === 'create'
      ? `Payment disputed: ${formatNaira(notice.amountKobo)} paid by ${notice.member.fullName}`
      : `Reminder: the dispute of ${notice.member.fullName}'s payment waits for an answer`;
  for (const admin of admins)
    await enqueueMail(tx, admin.email, {
      template: 'admin_notice',
      data: {
        name: admin.fullName,
        subject,
        paragraphs: [
          `${notice.member.fullName} (${notice.member.email}) paid ${formatNaira(notice.amountKobo)} for the ${programmeName(notice.member.programme)} (reference ${notice.reference}); the card holder disputes it at Paystack (dispute ${notice.paystackId}). ${due}`,
          "The member's payouts and cash-outs wait until Paystack resolves it. Accept or contest it with a note from Disputes, or in Paystack's dashboard.",
        ],
        action: { label: 'Answer the dispute', path: '/admindisputes' },
      },
    });
}
