import { programmeName } from '@coop/core';
import { legalHoldSchema, type ErasureItem } from '@coop/core/contracts';
import { Link } from 'react-router';
import { formatDate } from '../../../../components/display/format';
import { QueryState } from '../../../../components/display/query-state';
import {
  errorMessage,
  FormMessage,
  SubmitButton,
  TextField,
  useResultDialog,
  useZodForm,
} from '../../../../components/form';
import { memberRecordPath } from '../../common/admin-paths';
import { AdminPageTitle } from '../../common/components/admin-page-title';
import { ApprovalNotice, isPendingApproval } from '../../common/components/approval-notice';
import { useIdempotencyKey } from '../../common/hooks/use-idempotency-key';
import { useEraseMember, useErasures, useSetLegalHold } from '../api/erasures';

const STATUS: Record<ErasureItem['status'], string> = {
  due: 'Due for erasure',
  deferred: 'Deferred',
  not_due: 'Kept (not due yet)',
  not_closed: 'Asked; account not closed yet',
  erased: 'Erased',
};

function LegalHoldForm({ item }: { item: ErasureItem }) {
  const form = useZodForm(legalHoldSchema, { reason: '' });
  const hold = useSetLegalHold();
  const onSubmit = form.handleSubmit((input) => hold.mutate({ accountId: item.accountId, input }));
  if (item.legalHoldReason)
    return (
      <div className="mt-2">
        <button
          type="button"
          className="min-h-11 rounded-md border border-slate-300 px-3 text-sm font-semibold"
          onClick={() => hold.mutate({ accountId: item.accountId, input: { reason: null } })}
        >
          Lift the legal hold
        </button>
        {hold.isError && <FormMessage tone="error" message={errorMessage(hold.error)} />}
      </div>
    );
  return (
    <form noValidate onSubmit={onSubmit} className="mt-2 flex flex-wrap items-end gap-2">
      <div className="min-w-0 flex-1">
        <TextField
          label="Legal hold: why the data must be kept"
          error={form.formState.errors.reason}
          {...form.register('reason')}
        />
      </div>
      <SubmitButton pending={hold.isPending} pendingLabel="Saving..." className="sm:w-auto">
        Set a legal hold
      </SubmitButton>
      {hold.isError && <FormMessage tone="error" message={errorMessage(hold.error)} />}
    </form>
  );
}

function ErasureCard({ item }: { item: ErasureItem }) {
  const erase = useEraseMember();
  const key = useIdempotencyKey();
  const popup = useResultDialog();
  const onErase = async () => {
    try {
      const answer = await erase.mutateAsync({
        accountId: item.accountId,
        idempotencyKey: key.keyFor(item.accountId),
      });
      key.done();
      // A toast that waits for no tap (decision 0052); the list shows the erasure or the waiting request.
      popup.done({
        title: isPendingApproval(answer) ? 'Waiting for approval' : undefined,
        message: answer.message,
      });
    } catch (error) {
      popup.show({ ok: false, message: errorMessage(error) });
    }
  };
  const why =
    item.dueBecause === 'member_asked'
      ? 'the member asked'
      : item.dueBecause === 'retention_passed'
        ? 'the retention period after closure has passed'
        : null;
  return (
    <li
      className={`rounded-lg border bg-white p-4 shadow-sm ${item.status === 'deferred' ? 'border-amber-400' : 'border-slate-200'}`}
      data-testid="erasure"
    >
      <p className="font-semibold break-words">
        {item.status === 'erased' ? (
          item.fullName
        ) : (
          <Link className="text-brand-800 underline" to={memberRecordPath(item.accountId)}>
            {item.fullName}
          </Link>
        )}{' '}
        <span className="text-sm font-normal break-all text-slate-600">
          {item.email} · {programmeName(item.programme)}
        </span>
      </p>
      <p className="mt-1 text-sm">
        <span className="font-semibold">{STATUS[item.status]}</span>
        {why && ` because ${why}`}
        {item.closedAt && ` · closed ${formatDate(item.closedAt)}`}
        {item.retentionEndsAt &&
          item.status !== 'erased' &&
          ` · kept until ${formatDate(item.retentionEndsAt)} at the latest`}
      </p>
      {item.blockers.length > 0 && (
        <ul className="mt-2 list-disc pl-5 text-sm text-amber-900" aria-label="What defers the erasure">
          {item.blockers.map((b) => (
            <li key={b}>{b}</li>
          ))}
        </ul>
      )}
      {item.status === 'due' && (
        <button
          type="button"
          disabled={erase.isPending}
          onClick={() => void onErase()}
          className="mt-3 min-h-11 rounded-md bg-red-700 px-4 font-semibold text-white disabled:opacity-60"
        >
          {erase.isPending ? 'Erasing...' : 'Erase the personal data'}
        </button>
      )}
      {item.status !== 'erased' && <LegalHoldForm item={item} />}
      {popup.dialog}
    </li>
  );
}

/** Closed accounts' personal data: what is due for erasure, what defers it, and the legal holds (decision 0029). */
export function ErasuresPage() {
  const list = useErasures();
  return (
    <>
      <AdminPageTitle lead="A closed account’s name, contact and bank details are erased when the member asked, or when the retention period after closure has passed. Payments, bonuses and payouts stay in the books with their amounts, dates and references.">
        Personal Data
      </AdminPageTitle>
      <ApprovalNotice what="erasures" />
      <QueryState query={list} label="the closed accounts">
        {({ items }) =>
          items.length === 0 ? (
            <p className="text-slate-600">No closed account and no erasure request yet.</p>
          ) : (
            <ul className="space-y-3">
              {items.map((item) => (
                <ErasureCard key={item.accountId} item={item} />
              ))}
            </ul>
          )
        }
      </QueryState>
    </>
  );
}
