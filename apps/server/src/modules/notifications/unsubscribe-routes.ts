import { mailCategoryLabels, unsubscribeQuery } from '@coop/core/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { ONE_CLICK_CATEGORIES, unsubscribe, validUnsubscribe } from './unsubscribe';

const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title>` +
  `<body style="font-family:system-ui,sans-serif;max-width:32rem;margin:2rem auto;padding:0 1rem;line-height:1.5"><h1>${title}</h1>${body}</body></html>`;

/**
 * The one-click unsubscribe of a mail's List-Unsubscribe header (RFC 8058): a POST to the signed address turns the
 * category off, as Mail Settings does, without signing in; a GET (a person following the link, or a mail scanner)
 * only shows a button that posts, so nothing is turned off by merely opening the address.
 */
export const unsubscribeRoutes: FastifyPluginAsync = async (app) => {
  // RFC 8058: the mail client posts "List-Unsubscribe=One-Click" as a form.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => done(null, body),
  );

  const check = (raw: unknown) => {
    const parsed = unsubscribeQuery.safeParse(raw);
    if (
      !parsed.success ||
      !ONE_CLICK_CATEGORIES.includes(parsed.data.c) ||
      !validUnsubscribe(app.config.jwtSecret, parsed.data.a, parsed.data.c, parsed.data.t)
    )
      return null;
    return parsed.data;
  };
  const invalid = page(
    'This link does not work',
    '<p>Open Mail Settings in your member area to choose which mails you receive.</p>',
  );

  app.get(
    '/mail/unsubscribe',
    { config: { public: true }, schema: { hide: true } },
    async (request, reply) => {
      const target = check(request.query);
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
      if (!target) return reply.status(400).send(invalid);
      const label = mailCategoryLabels[target.c].label;
      return reply.send(
        page(
          `Stop mails about ${label.toLowerCase()}?`,
          `<form method="post"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit" style="padding:.6rem 1rem">Stop these mails</button></form>` +
            '<p>Mails about your payments, payouts and security are not affected.</p>',
        ),
      );
    },
  );

  app.post(
    '/mail/unsubscribe',
    { config: { public: true }, schema: { hide: true } },
    async (request, reply) => {
      const target = check(request.query);
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
      if (!target) return reply.status(400).send(invalid);
      await unsubscribe(app.db, target.a, target.c);
      const label = mailCategoryLabels[target.c].label;
      return reply.send(
        page(
          'Done',
          `<p>You will no longer receive mails about ${label.toLowerCase()}. You can turn them on again in Mail Settings.</p>`,
        ),
      );
    },
  );
};
