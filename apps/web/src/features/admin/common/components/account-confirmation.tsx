import { programmeName } from '@coop/core';
import type { AccountForConfirmation } from '@coop/core/contracts';
import type { ReactNode } from 'react';
import { naira } from '../../../../components/display/format';
import { ConfirmButtons } from '../../../../components/form';

interface Props {
  account: AccountForConfirmation;
  /** The act, in words: "Pay ₦150,000.00 in cash to". */
  question: ReactNode;
  confirmLabel: string;
  pending: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Who an act is for, read fresh from the server, and the question before it is sent. */
export function AccountConfirmation({
  account,
  question,
  confirmLabel,
  pending,
  onConfirm,
  onCancel,
}: Props) {
  return (
    <div
      role="group"
      aria-labelledby="confirm-question"
      className="rounded-lg border border-amber-900/30 bg-amber-100 p-4"
      data-testid="account-confirmation"
    >
      <p id="confirm-question" className="font-semibold text-amber-900">
        {question}
      </p>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-slate-700">Name</dt>
        <dd className="font-semibold break-words text-slate-900">{account.fullName}</dd>
        <dt className="text-slate-700">Email</dt>
        <dd className="break-all text-slate-900">{account.email}</dd>
        <dt className="text-slate-700">Programme</dt>
        <dd className="text-slate-900">
          {programmeName(account.programme)}
          {account.paid ? '' : ' (not paid)'}
        </dd>
        <dt className="text-slate-700">Wallet balance</dt>
        <dd className="font-semibold text-slate-900 tabular-nums">{naira(account.walletBalance)}</dd>
        <dt className="text-slate-700">Current role</dt>
        <dd className="text-slate-900">{account.role === 'admin' ? 'Administrator' : 'Member'}</dd>
        {account.status !== 'active' && (
          <>
            <dt className="text-slate-700">Status</dt>
            <dd className="font-semibold text-red-800">{account.status}</dd>
          </>
        )}
      </dl>
      <ConfirmButtons label={confirmLabel} pending={pending} onConfirm={onConfirm} onCancel={onCancel} />
    </div>
  );
}
