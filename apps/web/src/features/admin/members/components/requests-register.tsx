import {
  answerPrivacyRequestSchema,
  newPrivacyRequestSchema,
  privacyRequestKinds,
  privacyRequestStatuses,
  type PrivacyRequest,
} from '@coop/core/contracts';
import { formatDate, formatDateTime } from '../../../../components/display/format';
import { QueryState } from '../../../../components/display/query-state';
import {
  errorMessage,
  FormMessage,
  SelectField,
  SubmitButton,
  TextAreaField,
  TextField,
  useZodForm,
} from '../../../../components/form';
import { useAnswerRequest, useEnterRequest, useRequestsRegister } from '../api/privacy-registers';

const KIND: Record<PrivacyRequest['kind'], string> = {
  access: 'Access',
  correction: 'Correction',
  erasure: 'Erasure',
  objection: 'Objection',
  restriction: 'Restriction',
  portability: 'Portability (download)',
};
const STATUS: Record<PrivacyRequest['status'], string> = {
  received: 'Received',
  in_progress: 'In progress',
  answered: 'Answered',
  refused: 'Refused',
};

function NewRequestForm() {
  const form = useZodForm(newPrivacyRequestSchema, {
    kind: 'access',
    requester: '',
    accountEmail: '',
    receivedAt: '',
    details: '',
  });
  const enter = useEnterRequest();
  const onSubmit = form.handleSubmit((input) => enter.mutate(input, { onSuccess: () => form.reset() }));
  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-label="Enter a request received by mail, letter or phone"
      className="grid gap-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-2"
    >
      <SelectField
        label="What the member asks for"
        options={privacyRequestKinds.map((k) => ({ value: k, label: KIND[k] }))}
        error={form.formState.errors.kind}
        {...form.register('kind')}
      />
      <TextField
        label="Received on"
        type="datetime-local"
        error={form.formState.errors.receivedAt}
        {...form.register('receivedAt')}
      />
      <TextField
        label="Who asked (name, email or phone)"
        error={form.formState.errors.requester}
        {...form.register('requester')}
      />
      <TextField
        label="Account email (if any)"
        type="email"
        error={form.formState.errors.accountEmail}
        {...form.register('accountEmail')}
      />
      <TextAreaField
        label="What they wrote"
        rows={2}
        className="sm:col-span-2"
        error={form.formState.errors.details}
        {...form.register('details')}
      />
      <div className="sm:col-span-2">
        <SubmitButton pending={enter.isPending} pendingLabel="Saving..." className="sm:w-auto">
          Enter the request
        </SubmitButton>
        {enter.isSuccess && <FormMessage tone="success" message={enter.data.message} />}
        {enter.isError && <FormMessage tone="error" message={errorMessage(enter.error)} />}
      </div>
    </form>
  );
}

function AnswerForm({ item }: { item: PrivacyRequest }) {
  const form = useZodForm(answerPrivacyRequestSchema, { status: item.status, answer: item.answer });
  const answer = useAnswerRequest();
  const onSubmit = form.handleSubmit((input) => answer.mutate({ id: item.id, input }));
  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-label={`Answer request ${item.id}`}
      className="mt-3 grid gap-2 border-t border-slate-100 pt-3 sm:grid-cols-3"
    >
      <SelectField
        label="Status"
        options={privacyRequestStatuses.map((s) => ({ value: s, label: STATUS[s] }))}
        error={form.formState.errors.status}
        {...form.register('status')}
      />
      <TextAreaField
        label="The answer given"
        rows={2}
        className="sm:col-span-2"
        error={form.formState.errors.answer}
        {...form.register('answer')}
      />
      <div className="sm:col-span-3">
        <SubmitButton pending={answer.isPending} pendingLabel="Saving..." className="sm:w-auto">
          Save
        </SubmitButton>
        {answer.isError && <FormMessage tone="error" message={errorMessage(answer.error)} />}
      </div>
    </form>
  );
}

function RequestCard({ item }: { item: PrivacyRequest }) {
  const open = item.status === 'received' || item.status === 'in_progress';
  return (
    <li
      className={`rounded-lg border bg-white p-4 shadow-sm ${item.overdue ? 'border-red-500' : 'border-slate-200'}`}
      data-testid="privacy-request"
    >
      <p className="font-semibold break-words">
        {KIND[item.kind]} <span className="font-normal text-slate-600">· {item.requester}</span>
      </p>
      <p className="mt-1 text-sm">
        {`Received ${formatDateTime(item.receivedAt)} · answer due ${formatDate(item.dueAt)} · `}
        <span className={`font-semibold ${item.overdue ? 'text-red-700' : ''}`}>
          {item.overdue ? 'Overdue' : STATUS[item.status]}
        </span>
        {item.source === 'platform' && ' · entered by the platform'}
      </p>
      {item.details && <p className="mt-1 text-sm break-words text-slate-700">{item.details}</p>}
      {!open && item.answer && (
        <p className="mt-1 text-sm break-words">{`Answer${item.answeredAt ? ` (${formatDate(item.answeredAt)})` : ''}: ${item.answer}`}</p>
      )}
      {open && <AnswerForm item={item} />}
    </li>
  );
}

/** Members' requests under sections 34-38, each due one calendar month after it was received (decision 0030). */
export function RequestsRegister() {
  const list = useRequestsRegister();
  return (
    <section aria-labelledby="requests-heading" className="space-y-3">
      <h2 id="requests-heading" className="text-xl font-bold text-brand-900">
        Members’ requests
      </h2>
      <p className="max-w-3xl text-sm text-slate-700">
        Each request is answered within one calendar month of its receipt (the same day next month, or that
        month’s last day). Downloads, corrections and erasure requests made in the member area are entered by
        themselves.
      </p>
      <NewRequestForm />
      <QueryState query={list} label="the requests">
        {({ items }) =>
          items.length === 0 ? (
            <p className="text-slate-600">No request yet.</p>
          ) : (
            <ul className="space-y-3">
              {items.map((item) => (
                <RequestCard key={item.id} item={item} />
              ))}
            </ul>
          )
        }
      </QueryState>
    </section>
  );
}
