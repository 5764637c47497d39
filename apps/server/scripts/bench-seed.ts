/**
 * A paid network for the benchmarks (`bench:api`, `bench:web`): members join one after another through the real
 * activation, each sponsored by an earlier member of the programme, and each paid. Most join under the first few
 * members, as a growing network does, so the first Main member has a deep, full matrix under it.
 */
import type { Programme } from '@coop/core';
import { randomUUID } from 'node:crypto';
import { accounts, payments } from '../src/db/schema';
import type { Db } from '../src/db/client';
import { hashPassword } from '../src/lib/password';
import { activate } from '../test/engine-test-kit';

export interface SeededAccount {
  id: string;
  email: string;
  programme: Programme;
  role: 'user' | 'admin';
  tokenVersion: number;
}

export async function newBenchAccount(
  db: Db,
  passwordHash: string,
  programme: Programme,
  sponsorAccountId: string | null,
  role: 'user' | 'admin' = 'user',
): Promise<SeededAccount> {
  const tag = randomUUID().replaceAll('-', '').slice(0, 16);
  const [row] = await db
    .insert(accounts)
    .values({
      programme,
      email: `bench-${tag}@example.com`,
      fullName: `Bench Member ${tag.slice(0, 4)}`,
      phone: '08030000000',
      address: 'Lagos',
      passwordHash,
      role,
      referralCode: tag.slice(0, 12).toUpperCase(),
      sponsorAccountId,
      emailConfirmedAt: new Date(),
    })
    .returning();
  return {
    id: row!.id,
    email: row!.email,
    programme: row!.programme,
    role: row!.role,
    tokenVersion: row!.tokenVersion,
  };
}

/** `members` paid members, every fifth in Welcome Back; answers them in the order they joined. */
export async function seedPaidNetwork(
  db: Db,
  members: number,
  password: string,
  passwordHashCost: number,
): Promise<SeededAccount[]> {
  const passwordHash = await hashPassword(password, passwordHashCost);
  const joined: SeededAccount[] = [];
  for (let i = 0; i < members; i++) {
    const programme: Programme = i % 5 === 4 ? 'welcomeback' : 'main';
    const earlier = joined.filter((a) => a.programme === programme);
    const sponsor = earlier.length === 0 ? null : earlier[Math.floor(Math.random() ** 2 * earlier.length)]!;
    const account = await newBenchAccount(db, passwordHash, programme, sponsor?.id ?? null);
    const reference = `bench-${randomUUID()}`;
    const result = await activate(db, programme, account.id, reference);
    if (result.status !== 'placed') throw new Error(`activation refused: ${JSON.stringify(result)}`);
    await db.insert(payments).values({
      reference,
      accountId: account.id,
      programme,
      amountKobo: programme === 'main' ? 5_000_000 : 500_000,
      status: 'paid',
      provider: 'sandbox',
      positionId: result.positionId,
      paidAt: new Date(),
    });
    joined.push(account);
  }
  return joined;
}
