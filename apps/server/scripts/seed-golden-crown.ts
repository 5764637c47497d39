/**
 * Seeds a stopped platform's database with a Main member who has finished Eldorado: the member signs in with the
 * given email and password, and 254 paid members join under them one after another through the real engine (the
 * activation a successful payment runs), filling their matrix to depth 7 with 14 and more direct referrals.
 * The browser tests of the Golden Crown dashboard use it: a real journey of 255 card payments would take many
 * minutes. Usage (the platform stopped; the embedded database in DATA_DIR):
 *   DATA_DIR=... tsx apps/server/scripts/seed-golden-crown.ts --email a@b.c --password '...' --name 'Full Name'
 */
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { getPlan } from '@coop/core';
import { loadConfig } from '../src/config';
import { openDatabase, type Db } from '../src/db/client';
import { accounts, payments } from '../src/db/schema';
import { hashPassword } from '../src/lib/password';
import { activate } from '../test/engine-test-kit';

const plan = getPlan('main');
// Every level down to the one below Eldorado complete: 2 + 4 + ... + 2^7 positions.
const POSITIONS_UNDER_A_GRADUATE = 2 ** (plan.stages.length + 1) - 2;

async function join(
  db: Db,
  values: {
    email: string;
    fullName: string;
    passwordHash: string;
    sponsorAccountId: string | null;
    phone: string;
  },
) {
  const [account] = await db
    .insert(accounts)
    .values({
      programme: 'main',
      email: values.email,
      fullName: values.fullName,
      phone: values.phone,
      address: '12 Allen Avenue, Ikeja',
      passwordHash: values.passwordHash,
      referralCode: randomUUID().replaceAll('-', '').slice(0, 12).toUpperCase(),
      sponsorAccountId: values.sponsorAccountId,
      emailConfirmedAt: new Date(),
    })
    .returning({ id: accounts.id });
  const reference = `seed-${randomUUID()}`;
  const placed = await activate(db, 'main', account!.id, reference);
  if (placed.status !== 'placed') throw new Error(`activation refused: ${JSON.stringify(placed)}`);
  await db.insert(payments).values({
    reference,
    accountId: account!.id,
    programme: 'main',
    amountKobo: plan.feeKobo,
    status: 'paid',
    provider: 'sandbox',
    positionId: placed.positionId,
    paidAt: new Date(),
  });
  return account!.id;
}

async function main() {
  const { values } = parseArgs({
    options: { email: { type: 'string' }, password: { type: 'string' }, name: { type: 'string' } },
    strict: true,
  });
  if (!values.email || !values.password || !values.name)
    throw new Error('Give --email, --password and --name');
  const config = loadConfig(process.env);
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    poolSize: config.databasePoolSize,
    dataDir: config.dataDir,
  });
  try {
    const passwordHash = await hashPassword(values.password, config.passwordHashCost);
    const graduate = await join(database.db, {
      email: values.email.toLowerCase(),
      fullName: values.name,
      passwordHash,
      sponsorAccountId: null,
      phone: '08020000000',
    });
    const unusable = await hashPassword(randomUUID(), config.passwordHashCost);
    for (let i = 1; i <= POSITIONS_UNDER_A_GRADUATE; i++) {
      await join(database.db, {
        email: `crown-friend-${i}-${randomUUID().slice(0, 8)}@example.com`,
        fullName: `Friend Number${i}`,
        passwordHash: unusable,
        sponsorAccountId: graduate,
        phone: `0803${String(i).padStart(7, '0')}`,
      });
    }
    console.log(`Seeded ${values.email} with ${POSITIONS_UNDER_A_GRADUATE} members under them.`);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error('seed-golden-crown failed:', error instanceof Error ? error.message : error);
  process.exit(1);
});
