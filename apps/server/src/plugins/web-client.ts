import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export const webDist = fileURLToPath(new URL('../../../web/dist', import.meta.url));

/** Serves the built client; every path that is not an API or sandbox call gets index.html for the client router. */
export const webClientPlugin = fp(async (app: FastifyInstance) => {
  const hasClient = existsSync(webDist);
  if (hasClient) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      cacheControl: false,
      setHeaders(res, filePath) {
        // Vite puts a content hash in every asset name, so assets may be cached for good; other files never.
        const value = filePath.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache';
        // sendFile hands in Fastify's reply, the static routes Node's response: both can set a header.
        const target = res as unknown as { setHeader?: (n: string, v: string) => void; header?: (n: string, v: string) => void };
        if (target.setHeader) target.setHeader('cache-control', value);
        else target.header?.('cache-control', value);
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const url = request.url;
    const isCall = url.startsWith('/api') || url.startsWith('/sandbox') || request.method !== 'GET';
    if (isCall || !hasClient) return reply.status(404).send({ message: 'Not found' });
    // A missing file (an old asset name, a typo) is a plain 404, not the client's page.
    if (/\.[a-z0-9]+$/i.test(url.split('?')[0]!)) return reply.status(404).send({ message: 'Not found' });
    return reply.sendFile('index.html');
  });
});
