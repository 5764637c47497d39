import { breachNoticeSchema, newBreachSchema, type Breach } from '@coop/core/contracts';
import { useState } from 'react';
import { formatDateTime } from '../../../../components/display/format';
import { QueryState } from '../../../../components/display/query-state';
import {
  errorMessage,
  FormMessage,
  SubmitButton,
  TextAreaField,
  TextField,
  useZodForm,
} from '../../../../components/form';
import {
  useBreachRegister,
  useCommissionTold,
  useNotifyBreachMembers,
  useRecordBreach,
} from '../api/privacy-registers';

function NewBreachForm() {
  const form = useZodForm(newBreachSchema, { foundAt: '', what: '', dataKinds: '', membersAffected: '' });
  const record = useRecordBreach();
  const onSubmit = form.handleSubmit((input) => record.mutate(input, { onSuccess: () => form.reset() }));
  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-label="Record a breach"
      className="grid gap-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-2"
    >
      <TextField
        label="Found at"
        type="datetime-local"
        error={form.formState.errors.foundAt}
        {...form.register('foundAt')}
      />
      <TextField
        label="How many members"
        inputMode="numeric"
        error={form.formState.errors.membersAffected}
        {...form.register('membersAffected')}
      />
      <TextAreaField
        label="What happened"
        rows={2}
        className="sm:col-span-2"
        error={form.formState.errors.what}
        {...form.register('what')}
      />
      <TextField
        label="Kinds of data reached"
        className="sm:col-span-2"
        error={form.formState.errors.dataKinds}
        {...form.register('dataKinds')}
      />
      <div className="sm:col-span-2">
        <SubmitButton pending={record.isPending} pendingLabel="Saving..." className="sm:w-auto">
          Record the breach
        </SubmitButton>
        {record.isError && <FormMessage tone="error" message={errorMessage(record.error)} />}
      </div>
    </form>
  );
}

function NoticeForm({ breach, onDone }: { breach: Breach; onDone: () => void }) {
  const form = useZodForm(breachNoticeSchema, { emails: '', whatWeDid: '', whatToDo: '' });
  const notify = useNotifyBreachMembers();
  const onSubmit = form.handleSubmit((input) => notify.mutate({ id: breach.id, input }));
  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-label="Mail the affected members"
      className="mt-3 space-y-2 border-t border-slate-100 pt-3"
    >
      <p className="text-sm text-slate-700">
        Each member gets the notice template: when it was found, what happened, the data reached, and the two
        texts below.
      </p>
      <TextAreaField
        label="Affected members’ email addresses (one a line)"
        rows={3}
        error={form.formState.errors.emails}
        {...form.register('emails')}
      />
      <TextAreaField
        label="What we did"
        rows={2}
        error={form.formState.errors.whatWeDid}
        {...form.register('whatWeDid')}
      />
      <TextAreaField
        label="What the members should do"
        rows={2}
        error={form.formState.errors.whatToDo}
        {...form.register('whatToDo')}
      />
      <div className="flex flex-wrap gap-2">
        <SubmitButton pending={notify.isPending} pendingLabel="Sending..." className="sm:w-auto">
          Mail the notice
        </SubmitButton>
        <button
          type="button"
          onClick={onDone}
          className="min-h-11 rounded-md border border-slate-300 px-4 text-sm font-semibold"
        >
          Close
        </button>
      </div>
      {notify.isSuccess && (
        <FormMessage tone="success" message={[notify.data.message, ...notify.data.unknown].join(' ')} />
      )}
      {notify.isError && <FormMessage tone="error" message={errorMessage(notify.error)} />}
    </form>
  );
}

function Deadline({ breach }: { breach: Breach }) {
  const t = breach.timeLeft;
  if (!t)
    return (
      <span className="font-semibold text-brand-800">{`Commission told ${formatDateTime(breach.commissionToldAt!)}`}</span>
    );
  const span = `${t.hours} h ${t.minutes} min`;
  return (
    <span className={`font-semibold ${t.overdue || t.hours < 12 ? 'text-red-700' : 'text-amber-800'}`}>
      {t.overdue ? `Deadline passed ${span} ago` : `${span} left`}
    </span>
  );
}

function BreachCard({ breach }: { breach: Breach }) {
  const [mailing, setMailing] = useState(false);
  const told = useCommissionTold();
  return (
    <li
      className={`rounded-lg border bg-white p-4 shadow-sm ${breach.timeLeft ? 'border-red-500' : 'border-slate-200'}`}
      data-testid="breach"
    >
      <p className="font-semibold break-words">{breach.what}</p>
      <p className="mt-1 text-sm break-words">{`Found ${formatDateTime(breach.foundAt)} · ${breach.membersAffected} member${breach.membersAffected === 1 ? '' : 's'} · ${breach.dataKinds}`}</p>
      <p className="mt-1 text-sm">
        {`Tell the Commission by ${formatDateTime(breach.commissionDeadline)}: `}
        <Deadline breach={breach} />
      </p>
      <p className="mt-1 text-sm">
        {breach.membersToldAt
          ? `Members told ${formatDateTime(breach.membersToldAt)} (${breach.membersMailed} mailed)`
          : 'Members not told yet'}
      </p>
      <div className="mt-2 flex flex-wrap gap-2">
        {breach.timeLeft && (
          <button
            type="button"
            disabled={told.isPending}
            onClick={() => told.mutate(breach.id)}
            className="min-h-11 rounded-md bg-brand-800 px-4 text-sm font-semibold text-white disabled:opacity-60"
          >
            The Commission was told now
          </button>
        )}
        {!mailing && (
          <button
            type="button"
            onClick={() => setMailing(true)}
            className="min-h-11 rounded-md border border-slate-300 px-4 text-sm font-semibold"
          >
            Mail the affected members
          </button>
        )}
      </div>
      {told.isError && <FormMessage tone="error" message={errorMessage(told.error)} />}
      {mailing && <NoticeForm breach={breach} onDone={() => setMailing(false)} />}
    </li>
  );
}

/** Personal-data breaches (section 40): the Commission within 72 hours of finding one; the members when the risk is high. */
export function BreachRegister() {
  const list = useBreachRegister();
  return (
    <section aria-labelledby="breaches-heading" className="space-y-3">
      <h2 id="breaches-heading" className="text-xl font-bold text-brand-900">
        Breaches
      </h2>
      <p className="max-w-3xl text-sm text-slate-700">
        Record a breach as soon as it is found: the Commission must be told within 72 hours. docs/privacy.md
        says what to do in those hours.
      </p>
      <NewBreachForm />
      <QueryState query={list} label="the breaches">
        {({ items }) =>
          items.length === 0 ? (
            <p className="text-slate-600">No breach recorded.</p>
          ) : (
            <ul className="space-y-3">
              {items.map((b) => (
                <BreachCard key={b.id} breach={b} />
              ))}
            </ul>
          )
        }
      </QueryState>
    </section>
  );
}
