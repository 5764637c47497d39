import { getPlan, shortName, stageName, toNairaString, type Programme } from '@coop/core';
import type { WalletLineKind } from '@coop/core/contracts';
import type { Tx } from '../../db/client';
import { walletLines, type WalletLineRow } from '../ledger/queries';

/** Each wallet line in the member's words: what it was and for which stage (the admin record uses it too). */
export function walletLineReason(programme: Programme, line: WalletLineRow): string {
  const stage = line.stage === null ? '' : stageName(getPlan(programme), line.stage);
  switch (line.kind) {
    case 'referral':
      return 'Referral bonus';
    case 'activities':
      return `Activities bonus for completing ${stage}`;
    case 'graduating':
      return `Graduating bonus for completing ${stage}`;
    case 'thank_you':
      return `Thank You bonus for completing ${stage}`;
    case 'health_fee':
      return `Health organisation registration fee, deducted from the ${stage} bonuses`;
    default:
      return line.memo;
  }
}

export async function walletHistory(
  db: Tx,
  accountId: string,
  programme: Programme,
  query: { page: number; pageSize: number; kind?: readonly WalletLineKind[] },
) {
  const { page, pageSize } = query;
  const lines = await walletLines(db, accountId, { limit: pageSize, offset: (page - 1) * pageSize, kinds: query.kind });
  return {
    page,
    pageSize,
    total: lines.total,
    items: lines.items.map((line) => ({
      id: line.id,
      entryId: line.entryId,
      kind: line.kind as WalletLineKind,
      stage: line.stage,
      reason: walletLineReason(programme, line),
      from: line.fromFullName === null ? null : shortName(line.fromFullName),
      amount: toNairaString(line.amountKobo),
      createdAt: line.createdAt.toISOString(),
    })),
  };
}
