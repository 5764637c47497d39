import {
  acceptPrivacyNoticeSchema,
  errorSchema,
  memberDetailsSchema,
  PRIVACY_NOTICE_VERSION,
  privacyNoticeChangesSince,
  privacyNoticeStatusSchema,
  ownDetailsChangedSchema,
  ownDetailsSchema,
  privacyNoticeAcceptedSchema,
} from '@coop/core/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedIn } from '../../plugins/auth';
import { HttpError } from '../../plugins/errors';
import { acceptedPrivacyNotice, acceptPrivacyNotice, correctableDetails } from '../accounts/privacy-fields';
import { recordAudit } from '../audit/record-audit';
import { correctDetails } from '../member-review/correct-details';
import { enterPlatformRequest } from './request-register';

const label = { fullName: 'name', phone: 'phone number', address: 'address' } as const;
/** "name", "name and address", "name, phone number and address". */
const listed = (words: string[]) =>
  words.length < 2 ? words.join('') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;

/** The member's own rights in the member area: correction (section 35) and the privacy notice's versions. */
export const privacyMemberRoutes: FastifyPluginAsyncZod = async (app) => {
  const detailsOf = async (accountId: string) => {
    const row = await correctableDetails(app.db, accountId);
    if (!row) throw new HttpError(404, 'Your account no longer exists.');
    return {
      fullName: row.full_name,
      phone: row.phone,
      address: row.address,
      email: row.email,
      pendingEmail: row.pending,
    };
  };

  app.get(
    '/me/details',
    {
      schema: {
        tags: ['member'],
        summary: 'The member’s name, phone, address and email, and a new email waiting for its link',
        response: { 200: ownDetailsSchema, 404: errorSchema },
      },
    },
    async (request) => detailsOf(signedIn(request).id),
  );

  app.put(
    '/me/details',
    {
      config: { rateLimit: { max: 10, timeWindow: '1 hour' } },
      schema: {
        tags: ['member'],
        summary:
          'Correct the name, phone and address (at once) and the email (when the link mailed to the new address is followed); each change is audited, told at the old address and entered in the requests register',
        body: memberDetailsSchema,
        response: { 200: ownDetailsChangedSchema, 404: errorSchema, 409: errorSchema },
      },
    },
    async (request) => {
      const account = signedIn(request);
      const done = await app.db.transaction(async (tx) => {
        const result = await correctDetails(tx, {
          ...request.body,
          accountId: account.id,
          who: { by: 'member', actorAccountId: account.id },
        });
        const what = [
          ...result.corrected.map((f) => label[f]),
          ...(result.emailPending ? [`email (to ${result.emailPending}, waiting for its link)`] : []),
        ];
        await enterPlatformRequest(tx, {
          accountId: account.id,
          kind: 'correction',
          details: `Corrected in the member area: ${what.join(', ')}`,
          status: 'answered',
          answer: result.emailPending
            ? 'Done at once; the email changes when the link mailed to the new address is followed.'
            : 'Done at once.',
        });
        return result;
      });
      const changed = done.corrected.map((f) => label[f]);
      const parts = [
        changed.length > 0 ? `Your ${listed(changed)} ${changed.length === 1 ? 'is' : 'are'} changed.` : null,
        done.emailPending
          ? `We sent a link to ${done.emailPending}: your email changes when you follow it.`
          : null,
        'A notice went to your email address on file.',
      ].filter(Boolean);
      return { message: parts.join(' '), details: await detailsOf(account.id) };
    },
  );

  app.get(
    '/me/privacy-notice',
    {
      schema: {
        tags: ['member'],
        summary: 'The privacy notice version the member accepted, the one in force, and what changed since',
        response: { 200: privacyNoticeStatusSchema },
      },
    },
    async (request) => {
      const accepted = await acceptedPrivacyNotice(app.db, signedIn(request).id);
      return {
        acceptedVersion: accepted,
        currentVersion: PRIVACY_NOTICE_VERSION,
        changes:
          accepted === PRIVACY_NOTICE_VERSION
            ? []
            : privacyNoticeChangesSince(accepted).map((v) => ({
                version: v.version,
                changes: [...v.changes],
              })),
      };
    },
  );

  app.post(
    '/me/privacy-notice',
    {
      schema: {
        tags: ['member'],
        summary: 'Accept the privacy notice in force (its version is recorded with the date)',
        body: acceptPrivacyNoticeSchema,
        response: { 200: privacyNoticeAcceptedSchema, 409: errorSchema },
      },
    },
    async (request) => {
      const account = signedIn(request);
      if (request.body.version !== PRIVACY_NOTICE_VERSION)
        throw new HttpError(
          409,
          'The privacy notice changed again while you were reading it. Reload the page to see the newest changes.',
          'notice_outdated',
        );
      await app.db.transaction(async (tx) => {
        await acceptPrivacyNotice(tx, account.id, PRIVACY_NOTICE_VERSION);
        await recordAudit(tx, {
          actorAccountId: account.id,
          action: 'privacy_notice_accepted',
          targetAccountId: account.id,
          details: { version: PRIVACY_NOTICE_VERSION },
        });
      });
      return {
        message: 'Thank you. You accepted the privacy notice in force.',
        version: PRIVACY_NOTICE_VERSION,
      };
    },
  );
};
