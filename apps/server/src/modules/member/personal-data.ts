import { shortName, toNairaString } from '@coop/core';
import type { PersonalDataPart } from '../../lib/personal-data';
import { walletLines } from '../engine/wallet-lines';
import { walletLineReason } from './wallet-history';

/** The wallet's history as the member's Wallet screen words it, every line of it. */
export const memberPersonalData: PersonalDataPart = {
  owner: 'member',
  async export(tx, { accountId, programme, shorten }) {
    const lines = await walletLines(tx, accountId, { limit: 1_000_000, offset: 0 });
    return {
      walletLines: lines.items.map((l) => ({
        id: l.id,
        entryId: l.entryId,
        kind: l.kind,
        reason: shorten(walletLineReason(programme, l)),
        from: l.fromFullName === null ? null : shortName(l.fromFullName),
        amount: toNairaString(Number(l.amountKobo)),
        at: l.createdAt.toISOString(),
      })),
    };
  },
  async historyRows(tx, accountId) {
    return (await walletLines(tx, accountId, { limit: 1, offset: 0 })).total;
  },
};
