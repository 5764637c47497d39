import { formatNaira, type Programme, programmeName } from '@coop/core';
import type { Item, MemberPage, NotificationEvent } from './events';

/** What an event says, in the words both the mail and the notifications list use. */
export interface EventText {
  /** The mail's subject and the notification's title. */
  title: string;
  /** One or two sentences: the notification's body and the mail's first paragraph. */
  summary: string;
  /** Further paragraphs of the mail only. */
  more: string[];
  items: Item[];
  awards: Item[];
  page: MemberPage;
  action: string;
  /** Security mails: what to do if it was not you. */
  warning: string | null;
}

/** A calendar day as a member in Nigeria reads it: 7 December 2026. */
const lagosDay = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Africa/Lagos',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  }).format(new Date(iso));

const notYou = (support: string) =>
  `If this was not you, change your password at once and contact us at ${support}: someone may be using your account.`;

export function eventText(event: NotificationEvent, programme: Programme, supportEmail: string): EventText {
  const base = { more: [], items: [], awards: [], warning: null };
  const platform = `${programmeName(programme)} platform`;
  switch (event.kind) {
    case 'payment_received':
      return {
        ...base,
        title: `Payment received: ${formatNaira(event.amountKobo)}`,
        summary: `We received your payment of ${formatNaira(event.amountKobo)} for the ${platform} (reference ${event.reference}). Your position is now in the matrix.`,
        more: [
          // The card was charged the fee plus Paystack's fees when the customer bore them: the receipt says so.
          ...(event.customerFeeKobo
            ? [
                `Your card was charged ${formatNaira(event.chargedKobo ?? event.amountKobo + event.customerFeeKobo)}: the fee plus Paystack's card fees of ${formatNaira(event.customerFeeKobo)}, which Paystack keeps.`,
              ]
            : []),
          'Keep this mail as your receipt.',
        ],
        items: [
          { label: `Registration fee, reference ${event.reference}`, amountKobo: event.amountKobo },
          ...(event.customerFeeKobo
            ? [{ label: "Paystack's card fees (paid to Paystack)", amountKobo: event.customerFeeKobo }]
            : []),
        ],
        page: 'dashboard',
        action: 'Open my dashboard',
      };
    case 'payment_not_placed':
      return {
        ...base,
        title: `Payment received but not placed: ${formatNaira(event.amountKobo)} is owed back to you`,
        summary: `We received your payment of ${formatNaira(event.amountKobo)} for the ${platform} (reference ${event.reference}), but it could not place you: ${event.reason} The amount is owed back to you and our team will refund it.`,
        more: [`Keep this mail with its reference. Questions? Contact us at ${supportEmail}.`],
        page: 'dashboard',
        action: 'Open my dashboard',
      };
    case 'refund_started':
      return {
        ...base,
        title: `Refund started: ${formatNaira(event.amountKobo)}`,
        summary: `We have asked Paystack, our card processor, to refund ${formatNaira(event.amountKobo)} of your payment for the ${platform} (reference ${event.reference}) to the card or account you paid with.`,
        more: [
          event.expectedAt
            ? `Paystack expects the money to be back with you by ${lagosDay(event.expectedAt)}; your bank may take a few more working days to show it.`
            : 'Paystack has not given a date yet; card refunds usually show within a few working days, as your bank decides.',
          `We will mail you again when Paystack has paid it back. Keep this mail with its reference. Questions? Contact us at ${supportEmail}.`,
        ],
        items: [{ label: `Refund of payment ${event.reference}`, amountKobo: event.amountKobo }],
        page: 'dashboard',
        action: 'Open my dashboard',
      };
    case 'refund_processed':
      return {
        ...base,
        title: `Refund sent: ${formatNaira(event.amountKobo)}`,
        summary: `We have refunded ${formatNaira(event.amountKobo)} of your payment for the ${platform} (reference ${event.reference}) to the card or account you paid with.${event.leftKobo > 0 ? ` ${formatNaira(event.leftKobo)} of it is still owed back to you.` : ''}`,
        more: [
          `Your bank may take a few working days to show it. Keep this mail with its reference. Questions? Contact us at ${supportEmail}.`,
        ],
        items: [{ label: `Refund of payment ${event.reference}`, amountKobo: event.amountKobo }],
        page: 'dashboard',
        action: 'Open my dashboard',
      };
    case 'chargeback_taken':
      return {
        ...base,
        title: `Payment taken back by your bank: ${formatNaira(event.amountKobo)}`,
        summary: `Your bank took back ${formatNaira(event.amountKobo)} of your payment for the ${platform} (reference ${event.reference}) after a card dispute: the money is back with the card holder.`,
        more: [
          event.placed
            ? 'Your position stays where it is, but the fee that paid for it has been taken back: your payouts and cash-outs wait while we review your account. Money already paid out to you is recorded as owed to the cooperative.'
            : 'No position was placed for this payment, so nothing else changes: the money owed back to you has been paid back by your bank.',
          `Questions, or a dispute you did not mean to make? Contact us at ${supportEmail}.`,
        ],
        items: [{ label: `Taken back of payment ${event.reference}`, amountKobo: event.amountKobo }],
        page: 'dashboard',
        action: 'Open my dashboard',
      };
    case 'bonus_credited': {
      const totalKobo = event.lines.reduce((sum, l) => sum + l.amountKobo, 0);
      return {
        ...base,
        title: `${event.bonus} credited: ${formatNaira(totalKobo)}`,
        summary: `${formatNaira(totalKobo)} was credited to your ${platform} wallet: ${event.lines.map((l) => l.label).join(', ')}.`,
        items: event.lines,
        page: 'wallet',
        action: 'See my wallet',
      };
    }
    case 'promotion': {
      const netKobo = event.lines.reduce((sum, l) => sum + l.amountKobo, 0);
      const paid = event.lines.length ? ` It paid ${formatNaira(netKobo)} into your wallet.` : '';
      const awarded = event.awards.length ? ` Awards: ${event.awards.map((a) => a.label).join(', ')}.` : '';
      return {
        ...base,
        title: `You reached ${event.reachedStage}`,
        summary: `Congratulations: you completed ${event.completed.join(' and ')} and reached ${event.reachedStage}.${paid}${awarded}`,
        more: [
          ...(event.awards.length
            ? [
                'Awards are not cash: we will contact you to deliver them, and your dashboard shows their status.',
              ]
            : []),
          event.next ? `Next: ${event.next}` : `You have completed every stage of the ${platform}.`,
        ],
        items: event.lines,
        awards: event.awards,
        page: 'dashboard',
        action: 'See my progress',
      };
    }
    case 'award_delivered':
      return {
        ...base,
        title: `Award delivered: ${event.award}`,
        summary: `We have recorded your ${event.award}${event.valueKobo > 0 ? ` (worth ${formatNaira(event.valueKobo)})` : ''} as delivered to you.`,
        more: [`If you have not received it, contact us at ${supportEmail}.`],
        page: 'awards',
        action: 'See my awards',
      };
    case 'payout_sent':
      return {
        ...base,
        title: `Payout sent: ${formatNaira(event.amountKobo)}`,
        summary: `We sent ${formatNaira(event.amountKobo)} from your wallet to ${event.bankName}, account ending ${event.accountNumberLast4}. Banks usually credit it within a day.`,
        page: 'wallet',
        action: 'See my wallet',
      };
    case 'payout_paid':
      return {
        ...base,
        title: `Payout paid: ${formatNaira(event.amountKobo)}`,
        summary: `Your bank confirmed the payout of ${formatNaira(event.amountKobo)} into ${event.bankName}, account ending ${event.accountNumberLast4}.`,
        page: 'wallet',
        action: 'See my wallet',
      };
    case 'payout_failed':
      return {
        ...base,
        title: `Payout failed: ${formatNaira(event.amountKobo)} is back in your wallet`,
        summary: `The payout of ${formatNaira(event.amountKobo)} to ${event.bankName}, account ending ${event.accountNumberLast4}, did not go through (${event.reason}). The amount is back in your wallet.`,
        more: [
          'Check your bank details: the account number, the bank and the account name exactly as your bank holds it. If they were wrong, correct them: our team can send this payout again as soon as they are confirmed, without waiting for next month.',
        ],
        page: 'bankDetails',
        action: 'Check my bank details',
      };
    case 'cash_out_recorded':
      return event.approved
        ? {
            ...base,
            title: `Cash payout approved: ${formatNaira(event.amountKobo)}`,
            summary: `A cash payout of ${formatNaira(event.amountKobo)} from your ${platform} wallet was approved by two of our staff and is paid to you in cash.`,
            more: [`If you do not receive this cash, contact us at ${supportEmail}.`],
            page: 'wallet',
            action: 'See my wallet',
          }
        : {
            ...base,
            title: `Cash payout recorded: ${formatNaira(event.amountKobo)}`,
            summary: `A cash payout of ${formatNaira(event.amountKobo)} from your ${platform} wallet was recorded by our staff.`,
            more: [`If you did not receive this cash, contact us at ${supportEmail}.`],
            page: 'wallet',
            action: 'See my wallet',
          };
    case 'cash_out_not_made':
      return {
        ...base,
        title: `Cash payout not made: ${formatNaira(event.amountKobo)} is back in your wallet`,
        summary: `The cash payout of ${formatNaira(event.amountKobo)} set aside from your ${platform} wallet was ${event.outcome === 'failed' ? 'not carried out' : 'cancelled'}, so no cash was paid. The ${formatNaira(event.amountKobo)} is back in your wallet.`,
        more: [`It stays in your wallet like any other balance. Questions: ${supportEmail}.`],
        page: 'wallet',
        action: 'See my wallet',
      };
    case 'bank_details_changed':
      return {
        ...base,
        title: 'Your bank details were changed',
        summary: `The bank details of your ${platform} account were changed to ${event.bankName}, account ending ${event.accountNumberLast4}${event.verified ? ', confirmed with the bank' : ', not yet confirmed with the bank'}. Payouts go to this account.`,
        page: 'bankDetails',
        action: 'See my bank details',
        warning: notYou(supportEmail),
      };
    case 'password_changed':
      return {
        ...base,
        title: 'Your password was changed',
        summary: `The password of your ${platform} account was ${event.how === 'reset' ? 'reset with a mailed link' : 'changed'}, and your other devices were signed out.`,
        page: 'signin',
        action: 'Sign in',
        warning: `If this was not you, reset your password at once and contact us at ${supportEmail}.`,
      };
    case 'grant_decided':
      return {
        ...base,
        title: `Your grant application was ${event.decision}`,
        summary: `Your application for a grant of ${formatNaira(event.amountKobo)} was ${event.decision}.${event.note ? ` Note: ${event.note}` : ''}`,
        page: 'grant',
        action: 'See my grant',
      };
    case 'account_suspended':
      return {
        ...base,
        title: 'Your account was suspended',
        summary: `Your ${platform} account was suspended${event.reason ? ` because of ${event.reason}.` : '.'} While it is suspended you cannot sign in and it earns no bonuses.`,
        more: [`To ask about it, contact us at ${supportEmail}.`],
        page: 'signin',
        action: 'Go to the sign-in page',
        warning: `If you think this is a mistake, contact us at ${supportEmail}.`,
      };
    case 'account_reinstated':
      return {
        ...base,
        title: 'Your account was reinstated',
        summary: `Your ${platform} account is active again: you can sign in and it earns bonuses again.`,
        page: 'dashboard',
        action: 'Open my dashboard',
      };
    case 'account_closed':
      return {
        ...base,
        title: 'Your account was closed',
        summary: `Your ${platform} account was closed by our team because of ${event.reason}. You can no longer sign in, and it earns no bonuses; its place in the matrix is kept.`,
        more: [event.money, `To ask about it, contact us at ${supportEmail}.`],
        page: 'signin',
        action: 'Go to the sign-in page',
        warning: `If you think this is a mistake, contact us at ${supportEmail}.`,
      };
    case 'closure_confirmed':
      return {
        ...base,
        title: 'Your account closure is confirmed',
        summary: `You confirmed the closure of your ${platform} account. It will be closed on ${new Date(event.effectiveAt).toUTCString().slice(0, 16)}.`,
        page: 'dashboard',
        action: 'Open my account',
        warning: notYou(supportEmail),
      };
    case 'details_corrected': {
      const label = { fullName: 'name', phone: 'phone number', address: 'address' } as const;
      const what = event.changes.map((c) => `your ${label[c.field]} to ${c.to}`).join(' and ');
      return {
        ...base,
        title: 'Your details were corrected',
        summary: `${event.by === 'member' ? 'You' : 'Our staff'} corrected ${what} on your ${platform} account.`,
        page: 'dashboard',
        action: 'Open my account',
        warning: `If you did not ask for this, contact us at ${supportEmail}.`,
      };
    }
    case 'email_change_requested':
      return {
        ...base,
        title: 'A change of your email address was asked for',
        summary: `${event.by === 'member' ? 'You' : 'Our staff'} asked to change the email address of your ${platform} account to ${event.newEmail}. A link was sent there; until it is used, you keep signing in with this address.`,
        page: 'signin',
        action: 'Go to the sign-in page',
        warning: `If you did not ask for this, contact us at ${supportEmail} before the link is used.`,
      };
    case 'email_changed':
      return {
        ...base,
        title: 'Your email address was changed',
        summary: `The email address of your ${platform} account is now ${event.newEmail}: sign in with it from now on. This address will get no more mails about this account.`,
        page: 'signin',
        action: 'Go to the sign-in page',
        warning: `If you did not ask for this, contact us at ${supportEmail} at once.`,
      };
    case 'plan_published':
      return {
        ...base,
        title: `The ${platform} plan has a new version (${event.version})`,
        summary: `${event.from ? `Positions paid for from ${event.from} on` : 'Positions placed from now on'} join under version ${event.version} of the plan. Your own terms do not change: each position is paid by the version it joined under. My Plan shows yours, with a link to its terms.`,
        more: [
          ...(event.changes.length ? [`What changes for new members: ${event.changes.join('; ')}.`] : []),
          `New members ${event.from ? `accept the terms of version ${event.version} from ${event.from} on` : `now accept the terms of version ${event.version}`}.`,
        ],
        // My Plan, not one version's terms: it knows the version the member's position joined under (or, before
        // paying, that they will join under the new one) and links to those terms (decision 0060).
        page: 'plan',
        action: 'See my plan and its terms',
      };
  }
}
