import { useRef, useState } from 'react';
import { useBankDetails, type SavedBankDetails } from '../api/get-bank-details';
import { useMe } from '../api/get-me';
import { BankDetailsForm } from '../components/bank-details-form';
import { MemberPageTitle } from '../components/member-page-title';
import { QueryState } from '../../../components/display/query-state';
import { useMemberArea } from '../hooks/use-member-area';
import { formatDate } from '../../../components/display/format';

/** A NUBAN is ten digits: all but the last four are hidden, as a bank statement does. */
const masked = (last4: string) => `••••••${last4}`;

function SavedDetails({ details, onChange }: { details: SavedBankDetails; onChange: (() => void) | null }) {
  return (
    <section
      aria-labelledby="saved-bank-heading"
      className={`mb-5 max-w-lg rounded-lg border p-4 ${details.verified ? 'border-brand-600 bg-brand-50 text-brand-900' : 'border-amber-400 bg-amber-50 text-slate-900'}`}
      data-testid="saved-bank-details"
    >
      <h2 id="saved-bank-heading" className="font-bold">
        {details.verified ? 'Your confirmed bank details' : 'Saved, not yet confirmed with your bank'}
      </h2>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
        <dt className="text-sm">Bank</dt>
        <dd className="font-semibold">{details.bankName}</dd>
        <dt className="text-sm">Account number</dt>
        <dd className="font-semibold tabular-nums" aria-label={`ending ${details.accountNumberLast4}`}>
          {masked(details.accountNumberLast4)}
        </dd>
        <dt className="text-sm">Account name</dt>
        <dd className="font-semibold">{details.accountName}</dd>
        <dt className="text-sm">Account type</dt>
        <dd className="font-semibold">{details.type === 'savings' ? 'Savings' : 'Current'}</dd>
      </dl>
      <p className="mt-2 text-sm">
        {details.verified
          ? 'Your monthly payouts go to this account.'
          : 'Payouts wait until your bank confirms the account name: submit the form below again.'}{' '}
        Updated {formatDate(details.updatedAt)}.
      </p>
      {onChange && (
        <button
          type="button"
          onClick={onChange}
          className="mt-3 min-h-11 rounded-md border border-brand-700 bg-white px-4 font-semibold text-brand-800 hover:bg-brand-100"
        >
          Change bank details
        </button>
      )}
    </section>
  );
}

export function BankDetailsPage() {
  const area = useMemberArea();
  const me = useMe(area.programme);
  const saved = useBankDetails();
  const [changing, setChanging] = useState(false);
  const current = saved.data?.bankDetails ?? null;
  const confirmed = current?.verified === true;
  // Once shown, the form stays until the member leaves: saving refreshes the details to confirmed, and the
  // form's result popup must not vanish with it.
  const formShown = useRef(false);
  const showForm = changing || !confirmed || formShown.current;
  if (saved.isSuccess && showForm) formShown.current = true;
  return (
    <>
      <MemberPageTitle
        title={current ? 'Your Bank Details' : 'Kindly Provide your Bank Details'}
        lead="Your bonuses are paid into this account every month. This information is kept safe and is not given to third parties."
      />
      <QueryState query={saved} label="your bank details">
        {() => (
          <>
            {current && (
              <SavedDetails
                details={current}
                onChange={confirmed && !showForm ? () => setChanging(true) : null}
              />
            )}
            {showForm && (
              <QueryState query={me} label="your account">
                {(account) => (
                  <>
                    {changing && <h2 className="mb-3 text-lg font-bold text-brand-900">New bank details</h2>}
                    <BankDetailsForm area={area} email={account.email} />
                    {changing && (
                      <button
                        type="button"
                        onClick={() => setChanging(false)}
                        className="mt-3 min-h-11 font-semibold text-brand-800 underline"
                      >
                        Keep the current details
                      </button>
                    )}
                  </>
                )}
              </QueryState>
            )}
          </>
        )}
      </QueryState>
    </>
  );
}
