import { DomainError } from '@coop/core';
import type { ApprovalAct, FrozenPreview } from '../approvals/approval-acts';
import { recordSubject, reversalSubject } from './bank-file-batches';
import { reverseBankFile, describeReversal, type BankFileReversal } from './bank-file-reversal';
import { describeBankAnswer, recordBankAnswer, type BankAnswer } from './record-bank-file';

/** The payments the maker named are the ones approval carries out: a batch whose payments changed is refused. */
function assertSameLines(
  preview: FrozenPreview | null,
  now: { lines: { ref?: number; amountKobo: number }[] },
) {
  const key = (lines: { ref?: number; amountKobo: number }[]) =>
    lines
      .map((l) => `${l.ref}:${l.amountKobo}`)
      .sort()
      .join(',');
  if (!preview || key(preview.lines) !== key(now.lines))
    throw new DomainError(
      'batch_changed',
      'The payments of this bank file changed since the request: decline it and ask again.',
    );
}

/**
 * Recording what the bank paid for a batch whose paid total is above APPROVAL_THRESHOLD_KOBO waits for a second
 * administrator; nothing moves before. Database writes only, so it runs inside the approval's transaction.
 */
export const bankFileRecordApproval: ApprovalAct<BankAnswer> = {
  kind: 'bank_file_record',
  keyPrefix: 'bank-file-record',
  inApprovalTransaction: true,
  subjectKey: ({ batchId }) => recordSubject(batchId),
  async describe(deps, _maker, answer) {
    const { summary, lines } = await describeBankAnswer(deps.db, answer);
    return { summary, targetAccountId: null, amountKobo: null, preview: { lines } };
  },
  async carryOut(answer, { maker, checkerId, preview }, tx) {
    assertSameLines(preview, await describeBankAnswer(tx, answer));
    return recordBankAnswer(tx, answer, { makerId: maker.id, approvedBy: checkerId });
  },
};

/** Correcting a recorded batch (a payment recorded the wrong way) always waits for a second administrator. */
export const bankFileReversalApproval: ApprovalAct<BankFileReversal> = {
  kind: 'bank_file_reversal',
  keyPrefix: 'bank-file-reversal',
  inApprovalTransaction: true,
  subjectKey: ({ batchId }) => reversalSubject(batchId),
  async describe(deps, _maker, ask) {
    const { summary, lines } = await describeReversal(deps.db, ask);
    return { summary, targetAccountId: null, amountKobo: null, preview: { lines } };
  },
  async carryOut(ask, { maker, checkerId, preview }, tx) {
    assertSameLines(preview, await describeReversal(tx, ask));
    return reverseBankFile(tx, ask, { makerId: maker.id, approvedBy: checkerId });
  },
};
