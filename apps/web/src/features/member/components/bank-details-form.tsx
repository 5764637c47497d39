import { bankDetailsSchema } from '@coop/core/contracts';
import { useNavigate } from 'react-router';
import {
  errorMessage,
  SelectField,
  SubmitButton,
  TextField,
  useResultDialog,
  useZodForm,
} from '../../../components/form';
import { useBanks } from '../api/get-banks';
import { useSaveBankDetails } from '../api/save-bank-details';
import type { MemberArea } from '../member-area';

const accountTypes = [
  { value: 'savings', label: 'Savings' },
  { value: 'current', label: 'Current' },
];

/**
 * Spec 2.6 bank details. Each bank submits its own code; the server asks the bank for the account's name and
 * refuses a name that does not match, so a payout never goes to someone else.
 */
export function BankDetailsForm({ area, email }: { area: MemberArea; email: string }) {
  const banks = useBanks();
  const save = useSaveBankDetails(area.calls.bankDetails);
  const popup = useResultDialog();
  const navigate = useNavigate();
  const form = useZodForm(bankDetailsSchema, {
    email,
    type: undefined,
    accountNumber: '',
    accountName: '',
    bankCode: '',
  });
  const onSubmit = form.handleSubmit(async (values) => {
    const bankName = banks.data?.banks.find((b) => b.code === values.bankCode)?.name;
    try {
      const saved = await save.mutateAsync({ ...values, bankName });
      if (!saved.verified) {
        // Kept, but payouts wait until the bank confirms the name: the member fixes it here.
        popup.show({ ok: false, title: 'Saved, but not confirmed', message: saved.message });
        return;
      }
      popup.done({ message: saved.message }, () => {
        form.reset();
        navigate(area.paths.updateSuccess);
      });
    } catch (error) {
      popup.show({ ok: false, message: errorMessage(error) });
    }
  });
  const bankOptions = (banks.data?.banks ?? []).map((b) => ({ value: b.code, label: b.name }));
  return (
    <form
      noValidate
      onSubmit={onSubmit}
      className="max-w-lg space-y-4 rounded-lg border border-slate-200 bg-white p-5 shadow-sm"
    >
      <TextField
        label="Email"
        type="email"
        readOnly
        autoComplete="email"
        error={form.formState.errors.email}
        {...form.register('email')}
      />
      <SelectField
        label="Account type"
        placeholder="Select account type"
        options={accountTypes}
        error={form.formState.errors.type}
        {...form.register('type')}
      />
      <TextField
        label="Account number"
        inputMode="numeric"
        autoComplete="off"
        maxLength={10}
        hint="Your 10-digit NUBAN account number"
        error={form.formState.errors.accountNumber}
        {...form.register('accountNumber')}
      />
      <TextField
        label="Account name"
        autoComplete="name"
        hint="As the bank holds it; we confirm it with the bank before saving"
        error={form.formState.errors.accountName}
        {...form.register('accountName')}
      />
      <SelectField
        label="Bank"
        placeholder={banks.isPending ? 'Loading banks...' : 'Select your bank'}
        options={bankOptions}
        error={
          form.formState.errors.bankCode ??
          (banks.isError ? { message: `We could not load the bank list: ${banks.error.message}` } : undefined)
        }
        {...form.register('bankCode')}
      />
      {banks.isError && (
        <button
          type="button"
          onClick={() => void banks.refetch()}
          disabled={banks.isFetching}
          className="min-h-11 rounded-md border border-slate-400 bg-white px-4 font-semibold text-slate-800 hover:bg-slate-50 disabled:opacity-70"
        >
          {banks.isFetching ? 'Loading banks...' : 'Load the bank list again'}
        </button>
      )}
      <SubmitButton pending={save.isPending} pendingLabel="Checking with your bank...">
        Submit
      </SubmitButton>
      {popup.dialog}
    </form>
  );
}
