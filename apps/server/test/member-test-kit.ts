import type { Programme } from '@coop/core';
import type { App } from '../src/app';
import { activate } from './engine-test-kit';
import { createTestAccount, signInAs } from './accounts-kit';

/** A paid member (a real activation through the engine, as a successful payment makes) and its sign-in headers. */
export async function paidMember(
  app: App,
  programme: Programme,
  options: { fullName?: string; sponsorAccountId?: string | null } = {},
) {
  const account = await createTestAccount(app, {
    programme,
    fullName: options.fullName,
    sponsorAccountId: options.sponsorAccountId ?? null,
  });
  const result = await activate(app.db, programme, account.id);
  if (result.status !== 'placed') throw new Error(`activation refused: ${JSON.stringify(result)}`);
  return { account, positionId: result.positionId, headers: await signInAs(app, account.id) };
}

/** `count` paid members, all sponsored by `sponsorAccountId` (they fill its matrix breadth first). */
export async function paidReferrals(app: App, programme: Programme, sponsorAccountId: string, count: number) {
  const made = [];
  for (let i = 0; i < count; i++)
    made.push(await paidMember(app, programme, { fullName: `Friend Number${i}`, sponsorAccountId }));
  return made;
}
