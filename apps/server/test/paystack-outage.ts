import { createServer, request as forward, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * How Paystack's API behaves for the platform, switched by the test:
 * - `up`: every call goes through to the sandbox;
 * - `5xx`: Paystack answers 500 and does nothing;
 * - `slow`: the connection is held with no answer, past the client's timeout;
 * - `answer_lost`: the call reaches the sandbox (a transfer is made, a checkout created) but the platform gets a 502,
 *   as when Paystack's edge fails after the work is done.
 */
export type PaystackWeather = 'up' | '5xx' | 'slow' | 'answer_lost';

/**
 * A small HTTP proxy on a loopback port in front of the built-in sandbox: the platform's real Paystack client is
 * pointed at it, so an outage is Paystack's API failing on the wire, not a mock of the client. Only the API goes
 * through it; a member's browser reaches the checkout page directly, as it reaches checkout.paystack.com while
 * api.paystack.co is failing.
 */
export async function startPaystackOutageProxy(target: () => string) {
  let weather: PaystackWeather = 'up';
  /** Calls whose path this does not match go through whatever the weather. */
  let only: RegExp | null = null;
  const calls: { method: string; path: string; weather: PaystackWeather }[] = [];
  const held = new Set<ServerResponse>();

  const pass = (
    incoming: IncomingMessage,
    body: Buffer,
    onAnswer: (status: number, headers: IncomingMessage['headers'], answer: Buffer) => void,
    onError: () => void,
  ) => {
    const url = new URL(incoming.url ?? '/', target());
    const outgoing = forward(
      url,
      { method: incoming.method, headers: { ...incoming.headers, host: url.host } },
      (answer) => {
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () => onAnswer(answer.statusCode ?? 502, answer.headers, Buffer.concat(chunks)));
      },
    );
    outgoing.on('error', onError);
    outgoing.end(body);
  };

  const server = createServer((incoming, response) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const path = (incoming.url ?? '/').split('?')[0]!;
      const now = only && !only.test(path) ? 'up' : weather;
      calls.push({ method: incoming.method ?? 'GET', path, weather: now });
      const body = Buffer.concat(chunks);
      if (now === '5xx')
        return void response
          .writeHead(500, { 'content-type': 'application/json' })
          .end(JSON.stringify({ status: false, message: 'Internal server error' }));
      if (now === 'slow') return void held.add(response);
      if (now === 'answer_lost')
        return pass(
          incoming,
          body,
          () =>
            response
              .writeHead(502, { 'content-type': 'text/html' })
              .end('<html><body>502 Bad Gateway</body></html>'),
          () => response.writeHead(502).end(),
        );
      pass(
        incoming,
        body,
        (status, headers, answer) => {
          const { 'transfer-encoding': _chunked, connection: _connection, ...kept } = headers;
          response.writeHead(status, kept).end(answer);
        },
        () => response.writeHead(502).end(),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    /** The proxy's address: Paystack's base URL for the platform's client is `${url}/sandbox/paystack`. */
    url,
    /** Every call the platform made to Paystack, with the weather it met. */
    calls,
    /** The weather from now on, for every call or only those whose path matches `paths`. */
    set(next: PaystackWeather, paths: RegExp | null = null) {
      weather = next;
      only = paths;
      // A held call is cut once the weather changes (the client has long given up on it).
      for (const response of held) response.destroy();
      held.clear();
    },
    get weather() {
      return weather;
    },
    async close() {
      for (const response of held) response.destroy();
      held.clear();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
