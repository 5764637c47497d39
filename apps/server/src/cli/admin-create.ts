import { emailField, newPasswordField } from '@coop/core/contracts';
import { z } from 'zod';
import { createOrPromoteAdministrator } from '../modules/administrators/administrators';
import { runAdminCommand, runWhenEntry, type Output } from './admin-command';

const USAGE =
  'Usage: npm run admin:create -- --email <email> --password <password> --name "<full name>" (the name may be left out for an existing account)';

const argsSchema = z.object({
  email: emailField({
    required: 'Give the administrator email with --email',
    invalid: '--email is not a valid email address',
  }),
  password: newPasswordField,
  name: z.string().trim().min(1).max(120).optional(),
});

/**
 * `npm run admin:create`: how a real deployment gets its first administrator, and how a lost administrator
 * password is replaced. Returns the exit code.
 */
export const runAdminCreate = (argv: string[], env: Record<string, string | undefined>, out: Output) =>
  runAdminCommand(
    {
      usage: USAGE,
      options: { email: { type: 'string' }, password: { type: 'string' }, name: { type: 'string' } },
      schema: argsSchema,
      async act(db, { email, password, name }, config) {
        const result = await createOrPromoteAdministrator(
          db,
          { email, password, fullName: name, replacePassword: true, via: 'admin:create' },
          config.passwordHashCost,
        );
        if (result.created)
          return `Created the administrator ${email} (a Main platform account). Sign in at /admin.`;
        if (result.promoted)
          return `${email} already had a Main platform account: it is now an administrator, with the password you gave.`;
        return `${email} was already an administrator: its password is replaced and its other sessions are ended.`;
      },
    },
    argv,
    env,
    out,
  );

runWhenEntry(import.meta.url, runAdminCreate);
