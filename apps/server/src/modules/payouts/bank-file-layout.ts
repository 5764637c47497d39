import { toNairaString } from '@coop/core';
import { stringify } from 'csv-stringify/sync';
import { csvCell as cell } from '../../lib/csv-cell';

/** One payment of a bank file, with the full account number the bank needs. */
export interface BankFileRow {
  reference: string;
  beneficiaryName: string;
  /** The NUBAN (10 digits), or null when the member's details changed after the run and nobody checked the new ones. */
  accountNumber: string | null;
  bankCode: string;
  bankName: string;
  amountKobo: number;
  /** Why a row needs a look before it is paid (changed details, a bank code the bank's portal may not know). */
  note: string;
}

export interface BankFileBatch {
  id: number;
  label: string;
  /** "Welcome Back payout 2026-11" */
  what: string;
  narration: string;
  madeAt: string;
  paymentCount: number;
  totalKobo: number;
}

export const BANK_FILE_COLUMNS = [
  'Record',
  'Reference',
  'Beneficiary name',
  'Account number',
  'Bank code',
  'Bank name',
  'Amount (NGN)',
  'Narration',
  'Note',
];

/** A CBN bank code: the 3 digits that begin a commercial bank's 9-digit CBN sort code (058 for GTBank). */
const CBN_BANK_CODE = /^\d{3}$/;

/** What the file says about a bank code that is not a CBN one (a microfinance bank or a fintech). */
export const bankCodeNote = (code: string, bankName: string) =>
  CBN_BANK_CODE.test(code)
    ? ''
    : `Bank code ${code} is not a 3-digit CBN bank code: choose ${bankName} by name on the bank's portal`;

/**
 * The bank file's layout (decision 0039; the payouts README says how to adapt it to a bank's template): one table
 * whose first column says what each line is. HEADER (the batch's id and control total), then one PAYMENT per
 * payout, then TRAILER (the control total again), so a truncated file is seen at once. Account numbers are the
 * 10-digit NUBAN as digits, bank codes the CBN 3-digit code the member's bank has, amounts naira with two decimals
 * as bank portals take them (the kobo total is in the header and trailer's note, exact).
 */
export function bankFileCsv(batch: BankFileBatch, rows: BankFileRow[]): string {
  const control = `${batch.paymentCount} payment${batch.paymentCount === 1 ? '' : 's'}, ${batch.totalKobo} kobo`;
  const total = toNairaString(batch.totalKobo);
  const records = [
    [
      'HEADER',
      batch.label,
      cell(batch.what),
      '',
      '',
      '',
      total,
      '',
      `Control total: ${control}; made ${batch.madeAt}`,
    ],
    ...rows.map((r) => [
      'PAYMENT',
      r.reference,
      cell(r.beneficiaryName),
      r.accountNumber ?? '',
      r.accountNumber === null ? '' : r.bankCode,
      cell(r.bankName),
      toNairaString(r.amountKobo),
      cell(batch.narration),
      r.note,
    ]),
    ['TRAILER', batch.label, 'Control total', '', '', '', total, '', control],
  ];
  return stringify(records, { header: true, columns: BANK_FILE_COLUMNS });
}
