import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/rows';
import { isoOrNull as iso, type PersonalDataPart } from '../../lib/personal-data';

type When = string | Date | null;

/** The member's bank details, in full in the export; deleted on erasure (payouts keep what they need of them). */
export const bankDetailsPersonalData: PersonalDataPart = {
  owner: 'bank-details',
  async export(tx, { accountId }) {
    const [bank] = await queryRows<{
      account_type: string;
      bank_code: string;
      bank_name: string;
      account_number: string;
      account_name: string;
      resolved_account_name: string | null;
      verified: boolean;
      verified_at: When;
      created_at: When;
      updated_at: When;
    }>(
      tx,
      sql`select account_type, bank_code, bank_name, account_number, account_name, resolved_account_name, verified, verified_at, created_at, updated_at from bank_details where account_id = ${accountId}`,
    );
    return {
      bankDetails: bank
        ? {
            accountType: bank.account_type,
            bankCode: bank.bank_code,
            bankName: bank.bank_name,
            accountNumber: bank.account_number,
            accountName: bank.account_name,
            nameAtTheBank: bank.resolved_account_name,
            verified: bank.verified,
            verifiedAt: iso(bank.verified_at),
            savedAt: iso(bank.created_at),
            changedAt: iso(bank.updated_at),
          }
        : null,
    };
  },
  async quotedValues(tx, accountId) {
    const [bank] = await queryRows<{
      account_number: string;
      account_name: string;
      resolved_account_name: string | null;
    }>(
      tx,
      sql`select account_number, account_name, resolved_account_name from bank_details where account_id = ${accountId}`,
    );
    return bank ? [bank.account_number, bank.account_name, bank.resolved_account_name] : [];
  },
  async erase(tx, { accountId }) {
    await tx.execute(sql`delete from bank_details where account_id = ${accountId}`);
  },
};
