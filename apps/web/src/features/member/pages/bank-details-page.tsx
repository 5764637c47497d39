import { useBankDetails } from '../api/get-bank-details';
import { useMe } from '../api/get-me';
import { BankDetailsForm } from '../components/bank-details-form';
import { MemberPageTitle } from '../components/member-page-title';
import { QueryState } from '../../../components/display/query-state';
import { useMemberArea } from '../hooks/use-member-area';
import { formatDate } from '../../../components/display/format';

export function BankDetailsPage() {
  const area = useMemberArea();
  const me = useMe(area.programme);
  const saved = useBankDetails();
  const current = saved.data?.bankDetails;
  return (
    <>
      <MemberPageTitle
        title="Kindly Provide your Bank Details"
        lead="Your bonuses are paid into this account every month. This information is kept safe and is not given to third parties."
      />
      {current && (
        <section aria-label="Saved bank details" className="mb-5 max-w-lg rounded-lg border border-brand-600 bg-brand-50 p-4 text-brand-900">
          <h2 className="font-bold">Saved bank details</h2>
          <p className="mt-1">
            {current.bankName} · {current.type === 'savings' ? 'Savings' : 'Current'} account ending {current.accountNumberLast4} · {current.accountName}
          </p>
          <p className="mt-1 text-sm">
            {current.verified ? 'Confirmed with the bank' : 'Not yet confirmed with the bank'} · updated {formatDate(current.updatedAt)}. Submitting the form
            replaces them.
          </p>
        </section>
      )}
      <QueryState query={me} label="your account">
        {(account) => <BankDetailsForm area={area} email={account.email} />}
      </QueryState>
    </>
  );
}
