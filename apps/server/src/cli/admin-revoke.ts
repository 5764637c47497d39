import { emailField } from '@coop/core/contracts';
import { z } from 'zod';
import { revokeAdministrator } from '../modules/administrators/administrators';
import { runAdminCommand, runWhenEntry, type Output } from './admin-command';

const USAGE = 'Usage: npm run admin:revoke -- --email <email> [--reason "<why>"]';

const argsSchema = z.object({
  email: emailField({
    required: 'Give the administrator email with --email',
    invalid: '--email is not a valid email address',
  }),
  reason: z.string().trim().min(3, '--reason needs at least 3 characters').max(500).optional(),
});

/**
 * `npm run admin:revoke`: the owner who holds the server removes an administrator at once (decision 0038), the way out
 * when two administrators cannot part through the admin area or one account is in the wrong hands. The account is
 * closed, its sessions end, its waiting requests are withdrawn; audited with no actor and mailed to every
 * administrator. Never the last administrator. Returns the exit code.
 */
export const runAdminRevoke = (argv: string[], env: Record<string, string | undefined>, out: Output) =>
  runAdminCommand(
    {
      usage: USAGE,
      options: { email: { type: 'string' }, reason: { type: 'string' } },
      schema: argsSchema,
      async act(db, { email, reason }) {
        const removed = await revokeAdministrator(db, { email, reason });
        return `${removed.fullName} (${removed.email}) is no longer an administrator: the account is closed, its sessions ended and its waiting requests withdrawn. Every administrator is mailed.`;
      },
    },
    argv,
    env,
    out,
  );

runWhenEntry(import.meta.url, runAdminRevoke);
