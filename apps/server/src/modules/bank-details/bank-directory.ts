import { BANKS, type Bank } from '@coop/core';
import type { FastifyBaseLogger } from 'fastify';
import type { PaymentProvider } from '../../adapters/payments';

const LIVE_LIST_TTL_MS = 60 * 60 * 1000;

export interface BankDirectory {
  /** Banks that can receive transfers, by name: the provider's live list, or the built-in table when it cannot be reached. */
  activeBanks(): Promise<Bank[]>;
  /** Any bank by code, active or not (for showing saved details). */
  find(code: string): Promise<Bank | undefined>;
}

/** The provider's GET /bank, kept for an hour; a failed fetch falls back to the built-in table and is retried next call. */
export function createBankDirectory(provider: PaymentProvider, log: FastifyBaseLogger): BankDirectory {
  let cache: { banks: Bank[]; until: number } | null = null;
  const all = async (): Promise<readonly Bank[]> => {
    if (cache && cache.until > Date.now()) return cache.banks;
    try {
      const live = await provider.listBanks();
      if (live.length === 0) throw new Error('the provider listed no banks');
      cache = { banks: live, until: Date.now() + LIVE_LIST_TTL_MS };
      return live;
    } catch (error) {
      log.warn({ err: error }, 'bank list: the provider could not be reached; using the built-in table');
      return BANKS;
    }
  };
  return {
    async activeBanks() {
      return (await all()).filter((bank) => bank.active).sort((a, b) => a.name.localeCompare(b.name));
    },
    async find(code) {
      return (await all()).find((bank) => bank.code === code) ?? BANKS.find((bank) => bank.code === code);
    },
  };
}
