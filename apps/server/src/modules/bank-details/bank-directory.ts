import { bankNameAsShown, DomainError } from '@coop/core';
import type { Bank } from '@coop/core';
import type { FastifyBaseLogger } from 'fastify';
import type { PaymentProvider } from '../../adapters/payments';

const LIVE_LIST_TTL_MS = 60 * 60 * 1000;

export interface BankDirectory {
  /** Banks that can receive transfers, by name, from the provider's list; a 502 the member can read when it cannot be had. */
  activeBanks(): Promise<Bank[]>;
  /** Any bank by code, active or not (for showing saved details). */
  find(code: string): Promise<Bank | undefined>;
}

export const BANK_LIST_UNAVAILABLE =
  'The list of banks cannot be loaded from our payment provider just now. Please try again in a few minutes.';

/**
 * The provider's GET /bank (every page), kept for an hour. There is no built-in short list to fall back on: a member
 * of a bank missing from it could not save their details. A failed refresh keeps serving the last list it had; with
 * none, the member is told the list cannot be loaded (502, as for a payment the provider cannot start), and the next call asks the provider again (its HTTP
 * client already retried).
 */
export function createBankDirectory(provider: PaymentProvider, log: FastifyBaseLogger): BankDirectory {
  let cache: { banks: Bank[]; until: number } | null = null;
  const all = async (): Promise<readonly Bank[]> => {
    if (cache && cache.until > Date.now()) return cache.banks;
    try {
      const live = (await provider.listBanks()).map((bank) => ({
        ...bank,
        name: bankNameAsShown(bank.name),
      }));
      if (live.length === 0) throw new Error('the provider listed no banks');
      cache = { banks: live, until: Date.now() + LIVE_LIST_TTL_MS };
      return live;
    } catch (error) {
      if (cache) {
        log.warn(
          { err: error },
          'bank list: the provider could not be reached; serving the list loaded earlier',
        );
        return cache.banks;
      }
      log.error({ err: error }, 'bank list: the provider could not be reached and no list was loaded before');
      throw new DomainError('bank_list_unavailable', BANK_LIST_UNAVAILABLE);
    }
  };
  return {
    async activeBanks() {
      return (await all()).filter((bank) => bank.active).sort((a, b) => a.name.localeCompare(b.name));
    },
    async find(code) {
      return (await all()).find((bank) => bank.code === code);
    },
  };
}
