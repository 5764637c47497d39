import { PRIVACY_NOTICE_VERSION } from '@coop/core/contracts';
import type { ReactNode } from 'react';
import { PageHeader } from '../../../components/ui/page-header';
import { useSite } from '../../../lib/site-context';

function Part({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title}>
      <h2 className="text-xl font-bold text-brand-900">{title}</h2>
      <div className="mt-2 space-y-2">{children}</div>
    </section>
  );
}

const year = (n: number) => `${n} year${n === 1 ? '' : 's'}`;
const month = (n: number) => `${n} month${n === 1 ? '' : 's'}`;

/**
 * The privacy notice (NDPA 2023, sections 27 and 34-38): the operator's identity and data protection officer from
 * the settings, what the platform collects and why, the lawful basis, processors, how long each kind is kept (the
 * retention settings the daily job enforces) and how to use each right. Its version is recorded at sign-up.
 */
export function PrivacyPage() {
  const site = useSite();
  const p = site.privacy;
  const purposes: [what: string, why: string, basis: string, kept: string][] = [
    [
      'Name, email, phone, home address, password (stored scrambled)',
      'Your account, and mails about it',
      'Contract (your membership)',
      `While the account is open, then ${year(p.closedAccountYears)} after closure unless erased earlier`,
    ],
    [
      'Bank name, account number and account name',
      'Paying your bonuses',
      'Contract',
      `As above; removed when your data is erased`,
    ],
    [
      'Payments, bonuses, payouts and their dates and references',
      'Accounting records',
      'Legal obligation (company law: six years)',
      `${year(p.closedAccountYears)} after closure; kept without your name after erasure`,
    ],
    [
      'Address (IP) and browser of your sign-up',
      'Spotting fraudulent sign-ups',
      'Legitimate interest (protecting members’ money)',
      month(p.signupOriginMonths),
    ],
    [
      'Mails we send you',
      'Telling you about your account and money',
      'Contract',
      `Their content ${p.mailBodyDays} days; the record that a mail was sent, with the account`,
    ],
    [
      'Sign-in sessions',
      'Keeping your account secure',
      'Contract and legitimate interest',
      'Deleted as soon as they end or expire',
    ],
  ];
  return (
    <>
      <PageHeader
        title="Privacy Notice"
        lead={`How ${site.name} uses the personal data of its members, and your rights under the Nigeria Data Protection Act 2023.`}
      />
      <div className="mx-auto max-w-3xl space-y-8 px-4 py-10 text-slate-800">
        <p className="text-sm text-slate-600" data-testid="privacy-version">
          {`Version ${PRIVACY_NOTICE_VERSION}. When you register you accept the version in force; we record which.`}
        </p>
        <Part title="Who we are">
          <p>
            {`${site.name}, ${site.address}, decides how your data is used (the data controller). Our data protection officer is ${p.dpoName}: `}
            <a className="font-semibold text-brand-800 underline" href={`mailto:${p.dpoEmail}`}>
              {p.dpoEmail}
            </a>
            .
          </p>
        </Part>
        <Part title="What we collect, why, and for how long">
          <ul className="space-y-3">
            {purposes.map(([what, why, basis, kept]) => (
              <li key={what} className="rounded-lg border border-slate-200 bg-white p-4">
                <p className="font-semibold text-slate-900">{what}</p>
                <p>
                  <span className="font-semibold">Why:</span> {why}
                </p>
                <p>
                  <span className="font-semibold">Lawful basis:</span> {basis}
                </p>
                <p>
                  <span className="font-semibold">Kept:</span> {kept}
                </p>
              </li>
            ))}
          </ul>
          <p>
            Other members see only your first name, the first letter of your surname, your stage and when you
            joined, in their matrix.
          </p>
        </Part>
        <Part title="Who processes it for us">
          <p>
            Paystack takes card payments, checks bank accounts and sends payouts; our mail provider delivers
            our mails; our hosting provider runs the servers and the database. Each acts only on our
            instructions. We do not sell your data.
          </p>
        </Part>
        <Part title="Your rights, and how to use them">
          <ul className="list-disc space-y-2 pl-5">
            <li>
              <span className="font-semibold">
                To be informed and of access, and to take your data with you:
              </span>{' '}
              My Data in your account shows what we hold and downloads all of it (JSON and spreadsheet files).
              A very long history is prepared in the background and mailed to you as a link that works for{' '}
              {p.dataExportLinkDays} days.
            </li>
            <li>
              <span className="font-semibold">To correct it:</span> change your bank details in your account,
              and your name, phone, address and email under My Data (a new email is confirmed through a link
              we mail to it). We tell you of each change at your email on file.
            </li>
            <li>
              <span className="font-semibold">To erasure:</span> on Close Account, ask for your personal data
              to be erased once the account is closed. We erase it when nothing is still owed or open; records
              of payments stay in our books, without your name, for as long as the law asks.
            </li>
            <li>
              <span className="font-semibold">To object or restrict:</span> turn off mails that are not about
              security in Mail Settings; for anything else write to the data protection officer.
            </li>
          </ul>
          <p>
            We record every request and answer within one calendar month of receiving it. If you are not
            satisfied, you may complain to the Nigeria Data Protection Commission. If a breach puts your data
            at risk, we tell the Commission within 72 hours and you without delay.
          </p>
        </Part>
      </div>
    </>
  );
}
