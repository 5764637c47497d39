import { DomainError, type Programme } from '@coop/core';
import type { MemberDetailsInput } from '@coop/core/contracts';
import type { Tx } from '../../db/client';
import { hashSecretToken, newSecretToken } from '../../lib/secret-tokens';
import { emailTakenByAnother, lockAccount, updateAccountDetails } from '../accounts/account-store';
import { completeEmailChange, lockOpenEmailChange, openEmailChange } from '../accounts/email-changes';
import { recordAudit } from '../audit/record-audit';
import { enqueueMail, notify } from '../notifications/mail-queue';

/** How long the link to a corrected email's new address works: as long as a sign-up's confirmation link. */
const EMAIL_CHANGE_HOURS = 48;

interface AccountRow {
  id: string;
  programme: Programme;
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
  const locked = await lockAccount(tx, input.accountId);
  const account: AccountRow | null = locked && {
    id: locked.id,
    programme: locked.programme,
    full_name: locked.fullName,
    phone: locked.phone,
    address: locked.address,
    email: locked.email,
  };
  if (!account) throw new DomainError('account_unknown', 'No such account.');
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
    throw new DomainError(
      'nothing_changed',
      `Nothing to correct: the name, phone${input.address === undefined ? '' : ', address'} and email are as they are on the record.`,
    );
  if (emailChanges) await assertEmailFree(tx, account, email);

  if (changes.length > 0) {
    await updateAccountDetails(tx, account.id, { fullName, phone: input.phone, address });
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

async function assertEmailFree(tx: Tx, account: Pick<AccountRow, 'id' | 'programme'>, email: string) {
  if (await emailTakenByAnother(tx, account, email))
    throw new DomainError(
      'email_taken',
      'Another account of this programme already uses this email address.',
    );
}

/** A newer correction ends the one before: only the latest link works. */
async function askNewAddress(tx: Tx, input: { account: AccountRow; email: string; who: Corrector }) {
  const { account, email, who } = input;
  const { token, hash } = newSecretToken();
  await openEmailChange(tx, {
    accountId: account.id,
    oldEmail: account.email,
    newEmail: email,
    tokenHash: hash,
    requestedBy: who.actorAccountId,
    reason: reasonOf(who),
    hours: EMAIL_CHANGE_HOURS,
  });
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
  const change = await lockOpenEmailChange(tx, hashSecretToken(token));
  if (!change)
    throw new DomainError(
      'invalid_token',
      'This link is not valid or has expired. Ask us to correct your email again.',
    );
  await assertEmailFree(tx, { id: change.accountId, programme: change.programme }, change.newEmail);
  // Told before the change, so the notice goes to the old address on file.
  await notify(tx, change.accountId, { kind: 'email_changed', newEmail: change.newEmail });
  await completeEmailChange(tx, change);
  await recordAudit(tx, {
    actorAccountId: change.accountId,
    action: 'member_email_changed',
    targetAccountId: change.accountId,
    details: { from: change.oldEmail, to: change.newEmail },
  });
  return { programme: change.programme };
}
