import { getPlan, shortName, stageName, toNairaString, type Programme } from '@coop/core';
import type { WalletLineKind } from '@coop/core/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { preparedRows } from '../../db/prepared';
import { keptAnswer } from '../../lib/kept-answers';
import { accessParams, admitFromRead, withAccessCheck, type AccessRow } from '../../plugins/auth';
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

// The session and the versions of the member's figures and of the matrix, in one statement (decision 0034). The
// server keeps each page it read with the versions it read it at (decision 0036): the lines move with the member's
// figures, the names of the people who brought them with the matrix version.
const walletVersionsRead = withAccessCheck(
  'member_wallet_versions',
  [],
  'coalesce(fv.version, 0) as figures_version, mv.version as matrix_version',
  `left join figures_versions fv on fv.account_id = a.id cross join matrix_version mv`,
);

type WalletPage = { page: number; pageSize: number; total: number; items: WalletItem[] };
type WalletItem = { id: string; entryId: number; kind: WalletLineKind; stage: number | null; reason: string; from: string | null; amount: string; createdAt: string };

/**
 * The pages a server has read, per account, page and filter, with the versions they were read at. Bounded: a page not
 * asked for a while is read again. Each server process has its own; the versions read in every call keep them right.
 */
export type KeptWalletPages = LRUCache<string, { figuresVersion: number; matrixVersion: number; page: Readonly<WalletPage> }>;
export const keptWalletPages = (): KeptWalletPages => new LRUCache({ max: 5_000 });

/** The signed-in member's wallet history, a page at a time, newest first; the route declares `sessionCheckedInRead`. */
export async function ownWalletHistory(
  app: FastifyInstance,
  request: FastifyRequest,
  kept: KeptWalletPages,
  query: { page: number; pageSize: number; kind?: readonly WalletLineKind[] },
) {
  const { page, pageSize } = query;
  const params = accessParams(app, request);
  const [row] = await preparedRows<AccessRow & { figures_version: string | number; matrix_version: string | number }>(app.db, walletVersionsRead, params);
  const account = admitFromRead(request, row);
  const figuresVersion = Number(row!.figures_version);
  const matrixVersion = Number(row!.matrix_version);
  const key = `${account.id}:${page}:${pageSize}:${(query.kind ?? []).join(',')}`;
  const known = kept.get(key);
  if (known?.figuresVersion === figuresVersion && known.matrixVersion === matrixVersion) return known.page;
  // Read after the versions: a change committed in between moves them again, and the next call reads again.
  const lines = await walletLines(app.db, account.id, { limit: pageSize, offset: (page - 1) * pageSize, kinds: query.kind });
  const read = keptAnswer<WalletPage>({
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
  kept.set(key, { figuresVersion, matrixVersion, page: read });
  return read;
}
