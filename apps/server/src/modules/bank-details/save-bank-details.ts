import { accountNamesMatch, type Bank, type FraudThresholds, DomainError } from '@coop/core';
import type { BankDetailsInput } from '@coop/core/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { PaymentProvider } from '../../adapters/payments';
import type { Db } from '../../db/client';
import { recordAudit } from '../audit/record-audit';
import { checkBankAccount } from '../member-review/fraud-signals';
import { notify } from '../notifications/mail-queue';
import type { BankDirectory } from './bank-directory';
import { accountsHoldingNumber, upsertBankDetails, type BankDetailsRow } from './queries';

type ParsedInput = Omit<BankDetailsInput, 'type'> & { type: 'savings' | 'current'; email?: string };

/** What the member may see of saved details: never the full account number. */
export function shownBankDetails(row: BankDetailsRow) {
  return {
    type: row.accountType,
    bankCode: row.bankCode,
    bankName: row.bankName,
    accountName: row.accountName,
    accountNumberLast4: row.accountNumberLast4,
    verified: row.verified,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * Saves the signed-in account's bank details. The bank must be one of the list; the account name is checked
 * with the bank through the provider, and the details are kept as verified only when the bank's name for the
 * number matches the name typed. Payouts go only to verified details.
 */
export async function saveBankDetails(
  deps: {
    db: Db;
    provider: PaymentProvider;
    banks: BankDirectory;
    log: FastifyBaseLogger;
    fraud: FraudThresholds;
  },
  account: { id: string; email: string },
  input: ParsedInput,
) {
  if (input.email && input.email !== account.email)
    throw new DomainError(
      'not_your_account',
      'You can only save bank details for the account you are signed in to.',
    );
  const bank: Bank | undefined = await deps.banks.find(input.bankCode);
  if (!bank) throw new DomainError('unknown_bank', 'Please select your bank');
  if (!bank.active)
    throw new DomainError(
      'bank_inactive',
      `${bank.name} can no longer receive payments. Please choose another bank.`,
    );

  let resolvedName: string | null = null;
  try {
    resolvedName =
      (await deps.provider.resolveAccount({ accountNumber: input.accountNumber, bankCode: bank.code }))
        ?.accountName ?? null;
  } catch (error) {
    // The details are still saved, unverified; saving again later checks again.
    deps.log.warn({ err: error, bankCode: bank.code }, 'bank details: the account name could not be checked');
  }
  const verified = resolvedName !== null && accountNamesMatch(input.accountName, resolvedName);
  // The change and its audit record commit together: who changed where bonuses go is always known.
  const row = await deps.db.transaction(async (tx) => {
    const saved = await upsertBankDetails(tx, {
      accountId: account.id,
      accountType: input.type,
      bankCode: bank.code,
      bankName: bank.name,
      accountNumber: input.accountNumber,
      accountNumberLast4: input.accountNumber.slice(-4),
      accountName: input.accountName,
      resolvedAccountName: resolvedName,
      verified,
      verifiedAt: verified ? new Date() : null,
    });
    await checkBankAccount(
      tx,
      account.id,
      input.accountNumber,
      deps.fraud,
      accountsHoldingNumber(input.accountNumber),
    );
    await recordAudit(tx, {
      actorAccountId: account.id,
      action: 'bank_details_saved',
      targetAccountId: account.id,
      details: {
        bankCode: bank.code,
        bankName: bank.name,
        accountNumberLast4: saved.accountNumberLast4,
        verified,
      },
    });
    // A security mail, always sent: whoever moves where bonuses go must not do it unnoticed.
    await notify(tx, account.id, {
      kind: 'bank_details_changed',
      bankName: bank.name,
      accountNumberLast4: saved.accountNumberLast4,
      verified,
    });
    return saved;
  });
  const message = verified
    ? 'Your bank details have been saved and confirmed with your bank.'
    : resolvedName === null
      ? 'Your bank details have been saved, but your bank could not confirm this account number yet. Check the number and the bank and save again: bonuses are paid only into confirmed accounts.'
      : 'Your bank details have been saved, but the account name does not match the name your bank holds. Enter the name exactly as your bank has it and save again: bonuses are paid only into confirmed accounts.';
  return { message, bankDetails: shownBankDetails(row) };
}
