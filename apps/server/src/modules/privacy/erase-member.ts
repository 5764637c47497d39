import type { Tx } from '../../db/client';
import { lockAccountToErase } from '../accounts/personal-data';
import { personalDataParts } from './personal-data-parts';

/**
 * Replaces every personal field of one closed account (decision 0029) and keeps the books: journal amounts, payments,
 * payouts and their references and dates stay as they were. Runs in the caller's transaction (the approval's). Each
 * module's part erases its own tables (decision 0048): what exists only because of the member goes, and free text
 * kept for other reasons (audit details, approval summaries, notes, provider events, memos, other members'
 * notifications) has the member's values replaced where it is tied to the account.
 */
export async function eraseMember(tx: Tx, accountId: string, now: Date) {
  const person = await lockAccountToErase(tx, accountId);
  if (!person) throw new Error(`no account ${accountId}`);
  const quoted = [];
  for (const part of personalDataParts) quoted.push(...((await part.quotedValues?.(tx, accountId)) ?? []));
  // Longest first, so a name inside an address is not half-replaced.
  const values = [person.email, person.fullName, person.phone, person.address, ...quoted]
    .filter((v): v is string => typeof v === 'string' && v.trim().length >= 3)
    .sort((a, b) => b.length - a.length);
  const member = { accountId, email: person.email, fullName: person.fullName, values, now };
  for (const part of personalDataParts) await part.erase?.(tx, member);
}
