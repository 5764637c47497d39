import type { MemberRecord } from '@coop/core/contracts';
import type { Tx } from '../../db/client';

/**
 * The parts of the member record kept by modules that stand above member review: bank details, payouts and
 * cash-outs raise or read its fraud flags (member-review/fraud-flags.ts), so member review cannot call them without
 * a loop. Each adds its reader when its routes are registered (`app.memberRecordParts`), and the record asks each.
 */
export interface MemberRecordParts {
  bankDetails: MemberRecord['bankDetails'];
  payouts: MemberRecord['payouts'];
  cashOuts: MemberRecord['cashOuts'];
}

export type MemberRecordPartReaders = {
  [K in keyof MemberRecordParts]?: (db: Tx, accountId: string) => Promise<MemberRecordParts[K]>;
};

export function readMemberRecordPart<K extends keyof MemberRecordParts>(
  readers: MemberRecordPartReaders,
  part: K,
  db: Tx,
  accountId: string,
): Promise<MemberRecordParts[K]> {
  const reader = readers[part];
  if (!reader) throw new Error(`no module added the member record's ${part}`);
  return reader(db, accountId);
}
