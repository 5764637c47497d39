import type { Programme } from '@coop/core';
import type { MailCategory } from '@coop/core/contracts';

/** One line of an itemised mail: a bonus, a deduction (negative) or an award's value. */
export interface Item {
  label: string;
  amountKobo: number;
}

/** Everything a member is told about, by mail and in the member area; data only, so it can wait in the queue. */
export type NotificationEvent =
  /** chargedKobo and customerFeeKobo: what Paystack charged, and its fees when the customer bore them (older events lack them). */
  | {
      kind: 'payment_received';
      reference: string;
      amountKobo: number;
      chargedKobo?: number;
      customerFeeKobo?: number | null;
    }
  | { kind: 'payment_not_placed'; reference: string; amountKobo: number; reason: string }
  /** Paystack accepted a refund; expectedAt is Paystack's own date for the money to be back (ISO), when it gave one. */
  | { kind: 'refund_started'; reference: string; amountKobo: number; expectedAt: string | null }
  | { kind: 'refund_processed'; reference: string; amountKobo: number; leftKobo: number }
  /** A card dispute of the payment was lost: the bank took the money back; the account waits for a review (0057). */
  | { kind: 'chargeback_taken'; reference: string; amountKobo: number; placed: boolean }
  | { kind: 'bonus_credited'; bonus: string; lines: Item[] }
  | {
      kind: 'promotion';
      reachedStage: string;
      completed: string[];
      lines: Item[];
      awards: Item[];
      next: string | null;
    }
  | { kind: 'award_delivered'; award: string; valueKobo: number }
  | { kind: 'payout_sent' | 'payout_paid'; amountKobo: number; bankName: string; accountNumberLast4: string }
  | {
      kind: 'payout_failed';
      amountKobo: number;
      bankName: string;
      accountNumberLast4: string;
      reason: string;
    }
  /** `approved`: a second administrator approved it and the cash is handed over now (decision 0040). */
  | { kind: 'cash_out_recorded'; amountKobo: number; approved?: boolean }
  /** A cash-out set aside while it waited for approval was not made; the money is back in the wallet. */
  | { kind: 'cash_out_not_made'; amountKobo: number; outcome: 'declined' | 'withdrawn' | 'failed' }
  | { kind: 'bank_details_changed'; bankName: string; accountNumberLast4: string; verified: boolean }
  | { kind: 'password_changed'; how: 'changed' | 'reset' }
  | { kind: 'grant_decided'; decision: 'approved' | 'declined'; amountKobo: number; note: string | null }
  | { kind: 'account_suspended'; reason: string | null }
  | { kind: 'account_reinstated' }
  | { kind: 'account_closed'; reason: string; money: string }
  | { kind: 'closure_confirmed'; effectiveAt: string }
  /** An administrator (or, `by: 'member'`, the member) corrected the name, phone or address; email changes are the two kinds below. */
  | {
      kind: 'details_corrected';
      changes: { field: 'fullName' | 'phone' | 'address'; to: string }[];
      by?: 'member';
    }
  | { kind: 'email_change_requested'; newEmail: string; by?: 'member' }
  | { kind: 'email_changed'; newEmail: string }
  /** A new version of the programme's plan: what changes for positions placed from now on. */
  /** `from`: the time a scheduled version takes effect, in words (absent: it applies at once). */
  | { kind: 'plan_published'; version: number; changes: string[]; from?: string };

export type NotificationKind = NotificationEvent['kind'];

/** Which settings category turns a kind's mail off; 'security' mails are always sent. */
export const categoryOf: Record<NotificationKind, MailCategory | 'security'> = {
  payment_received: 'payments',
  // Money owed back to the member: never turned off.
  payment_not_placed: 'security',
  // Money given back, and on its way back: never turned off either.
  refund_started: 'security',
  refund_processed: 'security',
  // Money taken back and the account held: never turned off.
  chargeback_taken: 'security',
  bonus_credited: 'bonuses',
  promotion: 'bonuses',
  award_delivered: 'awards',
  payout_sent: 'payouts',
  payout_paid: 'payouts',
  payout_failed: 'payouts',
  cash_out_recorded: 'payouts',
  cash_out_not_made: 'payouts',
  grant_decided: 'grants',
  bank_details_changed: 'security',
  password_changed: 'security',
  account_suspended: 'security',
  account_reinstated: 'security',
  account_closed: 'security',
  closure_confirmed: 'security',
  details_corrected: 'security',
  email_change_requested: 'security',
  email_changed: 'security',
  plan_published: 'bonuses',
};

/** The member-area pages a notification or mail points to, per programme. */
export type MemberPage =
  | 'dashboard'
  | 'wallet'
  | 'awards'
  | 'bankDetails'
  | 'grant'
  | 'password'
  | 'notifications'
  | 'mailSettings'
  | 'signin'
  | 'close'
  | 'plan';

const pagePaths: Record<Programme, Record<MemberPage, string>> = {
  main: {
    dashboard: '/maindashboard',
    wallet: '/mainwallet',
    awards: '/mainawards',
    bankDetails: '/mainbankdetails',
    grant: '/maingrant',
    password: '/mainupdatepassword',
    notifications: '/mainnotifications',
    mailSettings: '/mainmailsettings',
    signin: '/mainsignin',
    close: '/mainclose',
    plan: '/mainplan',
  },
  welcomeback: {
    dashboard: '/welcomebackdashboard',
    wallet: '/welcomebackwallet',
    awards: '/welcomebackawards',
    bankDetails: '/welcomebackbankdetails',
    grant: '/welcomebackgrant',
    password: '/welcomebackupdatepassword',
    notifications: '/welcomebacknotifications',
    mailSettings: '/welcomebackmailsettings',
    signin: '/welcomebacksignin',
    close: '/welcomebackclose',
    plan: '/welcomebackplan',
  },
};

export const memberPagePath = (programme: Programme, page: MemberPage) => pagePaths[programme][page];
