import { getPlan, shortName, stageName, toNairaString, type Programme } from '@coop/core';
import type { WalletLineKind } from '@coop/core/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { preparedRows } from '../../db/prepared';
import { accessParams, admitFromRead, withAccessCheck, type AccessRow } from '../../plugins/auth';
import { walletLineOf, walletLinesText, type RawWalletLine, type WalletLineRow } from '../ledger/queries';

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

// The session and the page of wallet lines in one statement (decision 0034): one row per line, each carrying the
// access columns, or one row with no line when the page is empty.
const walletRead = withAccessCheck(
  'member_wallet_history',
  ['text', 'text', 'integer', 'integer'],
  'w.id as line_id, w.entry_id, w.line_order, w.kind, w.stage, w.memo, w.from_full_name, w.amount_kobo, w.created_at, w.total',
  `left join lateral (${walletLinesText({ accountId: 'a.id', key: '$4', kinds: '$5', limit: '$6', offset: '$7' })}) w on true`,
);

// The line's id is renamed: the access row's `id` is the account's.
type WalletRow = AccessRow & { line_id: string | null } & { [K in Exclude<keyof RawWalletLine, 'id'>]: RawWalletLine[K] | null };

/** The signed-in member's wallet history, a page at a time, newest first; the route declares `sessionCheckedInRead`. */
export async function ownWalletHistory(app: FastifyInstance, request: FastifyRequest, query: { page: number; pageSize: number; kind?: readonly WalletLineKind[] }) {
  const { page, pageSize } = query;
  const params = accessParams(app, request);
  const rows = await preparedRows<WalletRow>(app.db, walletRead, [...params, `wallet:${params[0]}`, (query.kind ?? []).join(','), pageSize, (page - 1) * pageSize]);
  const account = admitFromRead(request, rows[0]);
  const lines = rows
    .filter((r) => r.line_id !== null)
    .map((r) => ({ ...(r as unknown as RawWalletLine), id: r.line_id! }))
    .sort((x, y) => Number(y.entry_id) - Number(x.entry_id) || Number(x.line_order) - Number(y.line_order));
  return {
    page,
    pageSize,
    total: lines[0] ? Number(lines[0].total) : 0,
    items: lines.map((row) => {
      const line = walletLineOf(row);
      return {
        id: line.id,
        entryId: line.entryId,
        kind: line.kind as WalletLineKind,
        stage: line.stage,
        reason: walletLineReason(account.programme, line),
        from: line.fromFullName === null ? null : shortName(line.fromFullName),
        amount: toNairaString(line.amountKobo),
        createdAt: line.createdAt.toISOString(),
      };
    }),
  };
}
