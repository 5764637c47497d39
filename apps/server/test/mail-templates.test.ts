import { describe, expect, it } from 'vitest';
import type { NotificationEvent } from '../src/modules/notifications/events';
import { categoryOf } from '../src/modules/notifications/events';
import { renderMail } from '../src/modules/notifications/mail/render-mail';

const site = { name: 'Coop Test', email: 'help@coop.test', publicUrl: 'https://coop.test' };
const bank = { bankName: 'Access Bank', accountNumberLast4: '6789' };

/** One sample of every kind, with the figure and the page its mail must carry. */
const samples: { event: NotificationEvent; says: string[]; page: string }[] = [
  {
    event: { kind: 'payment_received', reference: 'MN-abc', amountKobo: 5_000_000 },
    says: ['₦50,000', 'MN-abc'],
    page: '/maindashboard',
  },
  {
    event: {
      kind: 'payment_not_placed',
      reference: 'MN-def',
      amountKobo: 5_000_000,
      reason: 'You have already paid your registration fee.',
    },
    says: ['₦50,000', 'MN-def', 'already paid', 'owed back to you'],
    page: '/maindashboard',
  },
  {
    event: {
      kind: 'refund_started',
      reference: 'MN-rst',
      amountKobo: 5_000_000,
      expectedAt: '2026-12-07T10:00:00.000Z',
    },
    says: ['₦50,000', 'MN-rst', 'back with you by 7 December 2026'],
    page: '/maindashboard',
  },
  {
    event: { kind: 'refund_processed', reference: 'MN-ghi', amountKobo: 2_000_000, leftKobo: 3_000_000 },
    says: ['₦20,000', 'MN-ghi', '₦30,000 of it is still owed back'],
    page: '/maindashboard',
  },
  {
    event: { kind: 'chargeback_taken', reference: 'MN-cbk', amountKobo: 5_000_000, placed: true },
    says: [
      '₦50,000',
      'MN-cbk',
      'card dispute',
      'your payouts and cash-outs wait while we review your account',
    ],
    page: '/maindashboard',
  },
  {
    event: {
      kind: 'bonus_credited',
      bonus: 'Referral bonus',
      lines: [{ label: 'Referral bonus from Bola', amountKobo: 1_000_000 }],
    },
    says: ['₦10,000', 'Referral bonus from Bola'],
    page: '/mainwallet',
  },
  {
    event: {
      kind: 'promotion',
      reachedStage: 'Chairman',
      completed: ['Honourable'],
      lines: [
        { label: 'Activities bonus for Honourable (stage 2)', amountKobo: 40_000_000 },
        { label: 'Health organisation registration fee for Honourable (stage 2)', amountKobo: -1_000_000 },
      ],
      awards: [{ label: 'Laptop award', amountKobo: 20_000_000 }],
      next: '6 more direct referrals to complete Chairman.',
    },
    says: ['₦400,000', '-₦10,000', 'Laptop award', '₦200,000', 'Next: 6 more direct referrals'],
    page: '/maindashboard',
  },
  {
    event: { kind: 'award_delivered', award: 'Laptop award', valueKobo: 20_000_000 },
    says: ['Laptop award', '₦200,000'],
    page: '/mainawards',
  },
  {
    event: { kind: 'payout_sent', amountKobo: 3_000_000, ...bank },
    says: ['₦30,000', 'Access Bank', '6789'],
    page: '/mainwallet',
  },
  {
    event: { kind: 'payout_paid', amountKobo: 3_000_000, ...bank },
    says: ['₦30,000', 'Access Bank'],
    page: '/mainwallet',
  },
  {
    event: { kind: 'payout_failed', amountKobo: 3_000_000, ...bank, reason: 'Account not found' },
    says: ['₦30,000', 'Account not found', 'Check your bank details'],
    page: '/mainbankdetails',
  },
  { event: { kind: 'cash_out_recorded', amountKobo: 125_050 }, says: ['₦1,250.50'], page: '/mainwallet' },
  {
    event: { kind: 'cash_out_not_made', amountKobo: 12_500_000, outcome: 'failed' },
    says: ['₦125,000', 'not carried out', 'back in your wallet'],
    page: '/mainwallet',
  },
  {
    event: { kind: 'bank_details_changed', ...bank, verified: true },
    says: ['Access Bank', '6789', 'If this was not you'],
    page: '/mainbankdetails',
  },
  { event: { kind: 'password_changed', how: 'changed' }, says: ['If this was not you'], page: '/mainsignin' },
  {
    event: { kind: 'grant_decided', decision: 'approved', amountKobo: 4_000_000_000, note: 'Well planned' },
    says: ['approved', '₦40,000,000', 'Well planned'],
    page: '/maingrant',
  },
  {
    event: { kind: 'account_suspended', reason: 'a review of the account by our team' },
    says: ['suspended because of a review of the account by our team.', 'help@coop.test'],
    page: '/mainsignin',
  },
  { event: { kind: 'account_reinstated' }, says: ['active again'], page: '/maindashboard' },
  {
    event: {
      kind: 'account_closed',
      reason: 'unfair use of the platform',
      money:
        'The wallet balance and pending awards are held: they stay owed in the books but are not paid out or delivered while the account is closed for this reason.',
    },
    says: ['closed by our team because of unfair use of the platform', 'are held', 'help@coop.test'],
    page: '/mainsignin',
  },
  {
    event: { kind: 'closure_confirmed', effectiveAt: '2026-12-04T00:00:00.000Z' },
    says: ['04 Dec 2026', 'If this was not you'],
    page: '/maindashboard',
  },
  {
    event: {
      kind: 'details_corrected',
      changes: [
        { field: 'fullName', to: 'Ada Obi' },
        { field: 'phone', to: '08031234567' },
      ],
    },
    says: [
      'corrected your name to Ada Obi and your phone number to 08031234567',
      'If you did not ask for this',
    ],
    page: '/maindashboard',
  },
  {
    event: { kind: 'email_change_requested', newEmail: 'ada.new@example.com' },
    says: ['ada.new@example.com', 'you keep signing in with this address'],
    page: '/mainsignin',
  },
  {
    event: { kind: 'email_changed', newEmail: 'ada.new@example.com' },
    says: ['is now ada.new@example.com', 'If you did not ask for this'],
    page: '/mainsignin',
  },
  {
    event: {
      kind: 'plan_published',
      version: 2,
      changes: ['Associate (stage 1) graduating bonus ₦50,000 → ₦65,000'],
    },
    says: ['version 2', 'Your own terms do not change', '₦50,000 → ₦65,000'],
    page: '/mainplan',
  },
];

describe('the mails with a link of their own', () => {
  it('a corrected email’s confirmation goes to the new address, and an invitation lets the person choose a password', async () => {
    const change = await renderMail(
      'ada.new@example.com',
      {
        template: 'confirm_email_change',
        data: { name: 'Ada', programme: 'main', token: 'tok-1', newEmail: 'ada.new@example.com' },
      },
      site,
    );
    expect(change.subject).toBe('Confirm your new email address for the Main platform');
    expect(change.text).toContain('https://coop.test/confirmemailchange?token=tok-1');
    expect(change.text).toContain('until you do, the account keeps its old address');
    const invitation = await renderMail(
      'bisi@example.com',
      { template: 'admin_invitation', data: { name: 'Bisi', inviter: 'Ada First', token: 'tok-2' } },
      site,
    );
    expect(invitation.subject).toBe('Ada First invites you to be an administrator');
    expect(invitation.html).toContain('href="https://coop.test/admininvite?token=tok-2"');
  });
});

describe('mail templates', () => {
  it('cover every kind of notification', () => {
    expect(samples.map((s) => s.event.kind).sort()).toEqual(Object.keys(categoryOf).sort());
  });

  for (const { event, says, page } of samples) {
    it(`${event.kind}: both parts from one layout, with the figures and a link to the page`, async () => {
      const mail = await renderMail(
        'ada@example.com',
        { template: 'event', data: { name: 'Ada <Obi>', programme: 'main', event } },
        site,
      );
      expect(mail.subject.length).toBeGreaterThan(5);
      expect(mail.text).toContain('Dear Ada <Obi>,');
      expect(mail.html).toContain('Dear Ada &lt;Obi&gt;,');
      for (const words of says) expect(mail.text).toContain(words);
      expect(mail.text).toContain(`${site.publicUrl}${page}`);
      expect(mail.html).toContain(`href="${site.publicUrl}${page}"`);
      // Security mails are always sent, so they offer no mail settings link; the others do.
      expect(mail.text.includes('/mainmailsettings')).toBe(categoryOf[event.kind] !== 'security');
    });
  }
});
