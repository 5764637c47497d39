import { Link } from 'react-router';
import { formatDateTime } from '../../../components/display/format';
import { QueryState } from '../../../components/display/query-state';
import { errorMessage, FormMessage } from '../../../components/form';
import { useMyDetails } from '../api/my-details';
import { useDownloadMyData, useMyData, type MyData } from '../api/my-data';
import { MyDetailsForm } from '../components/my-details-form';
import { MemberPageTitle } from '../components/member-page-title';
import { useMemberArea } from '../hooks/use-member-area';

function Field({ label, value }: { label: string; value: string }) {
  return (
    <div className="py-2 sm:grid sm:grid-cols-3 sm:gap-4">
      <dt className="text-sm font-semibold text-slate-600">{label}</dt>
      <dd className="break-words text-slate-900 sm:col-span-2">{value || '—'}</dd>
    </div>
  );
}

/** The terms accepted at sign-up: the version, linked to its own terms, and when (decision 0060). */
function AcceptedTerms({ consents }: { consents: MyData['consents'] }) {
  const { termsVersion, termsAddress, termsAcceptedAt } = consents;
  return (
    <div className="py-2 sm:grid sm:grid-cols-3 sm:gap-4" data-testid="terms-accepted">
      <dt className="text-sm font-semibold text-slate-600">Terms you accepted</dt>
      <dd className="break-words text-slate-900 sm:col-span-2">
        {termsVersion && termsAddress ? (
          <>
            <Link to={termsAddress} className="font-semibold text-brand-800 underline">
              Version {termsVersion}
            </Link>
            {termsAcceptedAt && `, on ${formatDateTime(termsAcceptedAt)}`}
          </>
        ) : (
          `Accepted at sign-up${termsAcceptedAt ? `, ${formatDateTime(termsAcceptedAt)}` : ''}; the version was not recorded`
        )}
      </dd>
    </div>
  );
}

function Held({ data }: { data: MyData }) {
  const p = data.profile;
  const lists: [string, number][] = [
    ['Positions in the matrix', data.positions.length],
    ['Wallet lines', data.walletLines.length],
    ['Payments', data.payments.length],
    ['Payouts', data.payouts.length],
    ['Awards', data.awards.length],
    ['Notifications', data.notifications.length],
    ['Mails sent to you', data.mails.length],
    ['Sign-ins (sessions)', data.sessions.length],
  ];
  return (
    <div className="max-w-2xl space-y-4">
      <section
        className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm"
        aria-labelledby="profile-heading"
      >
        <h2 id="profile-heading" className="text-lg font-semibold">
          About you
        </h2>
        <dl className="mt-2 divide-y divide-slate-100">
          <Field label="Name" value={p.fullName} />
          <Field label="Email" value={p.email} />
          <Field label="Phone" value={p.phone} />
          <Field label="Address" value={p.address} />
          <Field label="Referral code" value={p.referralCode} />
          <Field
            label="Bank account"
            value={
              data.bankDetails
                ? `${data.bankDetails.bankName} ${data.bankDetails.accountNumber} (${data.bankDetails.accountName})`
                : 'none saved'
            }
          />
          {data.signupOrigins.map((o) => (
            <Field
              key={o.address + o.browser}
              label="Signed up from"
              value={`${o.device}, from the address ${o.address}`}
            />
          ))}
          <AcceptedTerms consents={data.consents} />
        </dl>
      </section>
      <section
        className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm"
        aria-labelledby="records-heading"
      >
        <h2 id="records-heading" className="text-lg font-semibold">
          Your records
        </h2>
        <ul className="mt-2 divide-y divide-slate-100">
          {lists.map(([label, n]) => (
            <li key={label} className="flex justify-between gap-4 py-2">
              <span>{label}</span>
              <span className="font-semibold tabular-nums">{n}</span>
            </li>
          ))}
        </ul>
        <p className="mt-2 text-xs text-slate-500">As held on {formatDateTime(data.generatedAt)}.</p>
      </section>
    </div>
  );
}

/** The right of access and portability: what the platform holds about the member, and all of it as a download. */
export function MyDataPage() {
  const area = useMemberArea();
  const data = useMyData(area.programme);
  const download = useDownloadMyData();
  const details = useMyDetails();
  return (
    <>
      <MemberPageTitle
        title="My Data"
        lead="Everything this platform holds about you. Download it as a zip: one JSON file with all of it, and a spreadsheet (CSV) file for each list. Below, correct your name, phone, address or email."
      />
      <div className="mb-4 max-w-2xl">
        <button
          type="button"
          disabled={download.isPending}
          onClick={() => download.mutate(area.programme)}
          className="min-h-11 w-full rounded-md bg-brand-800 px-5 font-semibold text-white hover:bg-brand-900 disabled:opacity-60 sm:w-auto"
        >
          {download.isPending ? 'Preparing your file...' : 'Download my data (zip)'}
        </button>
        {download.isSuccess && <FormMessage tone="success" message={download.data.message} />}
        {download.isError && <FormMessage tone="error" message={errorMessage(download.error)} />}
      </div>
      <QueryState query={data} label="your data">
        {(d) => <Held data={d} />}
      </QueryState>
      <div className="mt-4">
        <QueryState query={details} label="your details">
          {(d) => <MyDetailsForm details={d} />}
        </QueryState>
      </div>
    </>
  );
}
