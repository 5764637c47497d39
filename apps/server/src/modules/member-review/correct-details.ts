import type { MemberDetailsInput } from '@coop/core/contracts';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { queryRows } from '../../db/rows';
import { hashSecretToken, newSecretToken } from '../../lib/secret-tokens';
import { HttpError } from '../../plugins/errors';
import { recordAudit } from '../audit/record-audit';
import { enqueueMail, notify } from '../notifications/mail-queue';

/** How long the link to a corrected email's new address works: as long as a sign-up's confirmation link. */
const EMAIL_CHANGE_HOURS = 48;

interface AccountRow {
  id: string;
  programme: 'main' | 'welcomeback';
  full_name: string;
  phone: string;
  address: string;
  email: string;
}

type Field = 'fullName' | 'phone' | 'address';

/** Who corrects: an administrator, with the reason for the record; or the member, in the member area. */
export type Corrector =
  { by: 'staff'; actorAccountId: string; reason: string } | { by: 'member'; actorAccountId: string };

/** The email change's reason column: the administrator's words, or that the member did it. */
const reasonOf = (who: Corrector) =>
  who.by === 'staff' ? who.reason : 'Changed by the member in the member area';
const memberFlag = (who: Corrector) => (who.by === 'member' ? { by: 'member' as const } : {});

/**
 * An administrator corrects a member's name, phone and email, or the member corrects their name, phone, address and
 * email (each form sends all its fields; only what differs changes; the administrator's has no address).
 * The name, phone and address change at once; the email waits for its new address to confirm a mailed link, so a typing
 * mistake or a taken-over request cannot move the account to an address its owner does not hold. Every change is
 * audited and told to the member at the address on file, which is the old one until the new one is confirmed.
 */
export async function correctDetails(
  tx: Tx,
  input: Omit<MemberDetailsInput, 'address'> & { address?: string; accountId: string; who: Corrector },
) {
  const { who } = input;
  const [account] = await queryRows<AccountRow>(
    tx,
    sql`select id, programme, full_name, phone, address, email from accounts where id = ${input.accountId} for update`,
  );
  if (!account) throw new HttpError(404, 'No such account.', 'account_unknown');
  const fullName = input.fullName.trim();
  const email = input.email.trim().toLowerCase();
  const address = input.address?.trim() ?? account.address;
  const changes: { field: Field; from: string; to: string }[] = [];
  if (fullName !== account.full_name)
    changes.push({ field: 'fullName', from: account.full_name, to: fullName });
  if (input.phone !== account.phone) changes.push({ field: 'phone', from: account.phone, to: input.phone });
  if (address !== account.address) changes.push({ field: 'address', from: account.address, to: address });
  const emailChanges = email !== account.email;
  if (changes.length === 0 && !emailChanges)
    throw new HttpError(
      409,
      `Nothing to correct: the name, phone${input.address === undefined ? '' : ', address'} and email are as they are on the record.`,
      'nothing_changed',
    );
  if (emailChanges) await assertEmailFree(tx, account, email);

  if (changes.length > 0) {
    await tx.execute(
      sql`update accounts set full_name = ${fullName}, phone = ${input.phone}, address = ${address}, updated_at = now() where id = ${account.id}`,
    );
    await recordAudit(tx, {
      actorAccountId: who.actorAccountId,
      action: 'member_details_corrected',
      targetAccountId: account.id,
      details: { changes, reason: reasonOf(who), by: who.by },
    });
    await notify(tx, account.id, {
      kind: 'details_corrected',
      changes: changes.map(({ field, to }) => ({ field, to })),
      ...memberFlag(who),
    });
  }
  if (emailChanges) await askNewAddress(tx, { account: { ...account, full_name: fullName }, email, who });
  return {
    corrected: changes.map((c) => c.field),
    emailPending: emailChanges ? email : null,
  };
}

async function assertEmailFree(tx: Tx, account: AccountRow, email: string) {
  const [taken] = await queryRows(
    tx,
    sql`select id from accounts where programme = ${account.programme} and email = ${email} and id <> ${account.id}`,
  );
  if (taken)
    throw new HttpError(
      409,
      'Another account of this programme already uses this email address.',
      'email_taken',
    );
}

/** A newer correction ends the one before: only the latest link works. */
async function askNewAddress(tx: Tx, input: { account: AccountRow; email: string; who: Corrector }) {
  const { account, email, who } = input;
  await tx.execute(
    sql`update email_changes set cancelled_at = now() where account_id = ${account.id} and confirmed_at is null and cancelled_at is null`,
  );
  const { token, hash } = newSecretToken();
  await tx.execute(
    sql`insert into email_changes (account_id, old_email, new_email, token_hash, requested_by, reason, expires_at)
        values (${account.id}, ${account.email}, ${email}, ${hash}, ${who.actorAccountId}, ${reasonOf(who)}, now() + make_interval(hours => ${EMAIL_CHANGE_HOURS}))`,
  );
  await recordAudit(tx, {
    actorAccountId: who.actorAccountId,
    action: 'member_email_change_requested',
    targetAccountId: account.id,
    details: { from: account.email, to: email, reason: reasonOf(who), by: who.by },
  });
  await notify(tx, account.id, { kind: 'email_change_requested', newEmail: email, ...memberFlag(who) });
  await enqueueMail(
    tx,
    email,
    {
      template: 'confirm_email_change',
      data: {
        name: account.full_name,
        programme: account.programme,
        token,
        newEmail: email,
        ...memberFlag(who),
      },
    },
    account.id,
  );
}

/**
 * The new address's link: the account's email becomes the new one (confirmed, since the link reached it), the old
 * address is told, and the change is audited. An address taken by another account meanwhile is refused.
 */
export async function confirmEmailChange(tx: Tx, token: string) {
  const [change] = await queryRows<{
    id: string;
    account_id: string;
    old_email: string;
    new_email: string;
    programme: 'main' | 'welcomeback';
  }>(
    tx,
    sql`select e.id, e.account_id, e.old_email, e.new_email, a.programme from email_changes e join accounts a on a.id = e.account_id
        where e.token_hash = ${hashSecretToken(token)} and e.confirmed_at is null and e.cancelled_at is null and e.expires_at > now()
        for update of e`,
  );
  if (!change)
    throw new HttpError(
      400,
      'This link is not valid or has expired. Ask us to correct your email again.',
      'invalid_token',
    );
  await tx.execute(sql`select id from accounts where id = ${change.account_id} for update`);
  await assertEmailFree(
    tx,
    { id: change.account_id, programme: change.programme } as AccountRow,
    change.new_email,
  );
  // Told before the change, so the notice goes to the old address on file.
  await notify(tx, change.account_id, { kind: 'email_changed', newEmail: change.new_email });
  await tx.execute(
    sql`update accounts set email = ${change.new_email}, email_confirmed_at = now(), updated_at = now() where id = ${change.account_id}`,
  );
  await tx.execute(sql`update email_changes set confirmed_at = now() where id = ${change.id}`);
  await recordAudit(tx, {
    actorAccountId: change.account_id,
    action: 'member_email_changed',
    targetAccountId: change.account_id,
    details: { from: change.old_email, to: change.new_email },
  });
  return { programme: change.programme };
}
