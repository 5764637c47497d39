import { getPlan, shortName, stageName, toNairaString, type Programme } from '@coop/core';
import type { WalletLineKind } from '@coop/core/contracts';
import type { FastifyRequest } from 'fastify';
import type { KeptAnswers } from '../../lib/kept-answers';
import { accessParams, admitFromRead, type AccessRow, type CheckedReadDeps } from '../../plugins/auth';
import { checkedRows, withAccessCheck } from '../access/access-check';
import { figuresVersionText } from '../engine/read-model';
import { walletLines, type WalletLineRow } from '../engine/wallet-lines';

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

// The session and the versions of the member's figures and of the matrix, in one statement (decision 0034). The
// server keeps each page it read with the versions it read it at (decision 0036): the lines move with the member's
// figures, the names of the people who brought them with the matrix version.
const walletVersionsRead = withAccessCheck(
  'member_wallet_versions',
  [],
  `${figuresVersionText('a.id')} as figures_version, mv.version as matrix_version`,
  `cross join matrix_version mv`,
  { global: true },
);

export type WalletPage = { page: number; pageSize: number; total: number; items: WalletItem[] };
type WalletItem = {
  id: string;
  entryId: number;
  kind: WalletLineKind;
  stage: number | null;
  reason: string;
  from: string | null;
  amount: string;
  createdAt: string;
};

/** The signed-in member's wallet history, a page at a time, newest first; the route declares `sessionCheckedInRead`. */
export async function ownWalletHistory(
  deps: CheckedReadDeps,
  request: FastifyRequest,
  kept: KeptAnswers<WalletPage>,
  query: { page: number; pageSize: number; kind?: readonly WalletLineKind[] },
) {
  const { page, pageSize } = query;
  const params = accessParams(deps, request);
  const [row] = await checkedRows<
    AccessRow & { figures_version: string | number; matrix_version: string | number }
  >(deps, walletVersionsRead, params);
  const account = admitFromRead(request, row);
  const version = `${row!.figures_version}:${row!.matrix_version}`;
  const key = `${account.id}:${page}:${pageSize}:${(query.kind ?? []).join(',')}`;
  const known = kept.at(key, version);
  if (known) return known;
  // Read after the versions: a change committed in between moves them again, and the next call reads again.
  const lines = await walletLines(deps.db, account.id, {
    limit: pageSize,
    offset: (page - 1) * pageSize,
    kinds: query.kind,
  });
  return kept.keep(key, version, {
    page,
    pageSize,
    total: lines.total,
    items: lines.items.map((line) => ({
      id: line.id,
      entryId: line.entryId,
      kind: line.kind as WalletLineKind,
      stage: line.stage,
      reason: walletLineReason(account.programme, line),
      from: line.fromFullName === null ? null : shortName(line.fromFullName),
      amount: toNairaString(line.amountKobo),
      createdAt: line.createdAt.toISOString(),
    })),
  });
}
