import { createServer, connect, type Server, type Socket } from 'node:net';

/**
 * A TCP relay in front of a PostgreSQL server that a test can cut and restore: cut() ends every connection through
 * it at once (the platform sees "Connection terminated unexpectedly", as when a database restarts or a network
 * drops) and refuses new ones (ECONNREFUSED) until restore(), on the same port. `url` is the database's URL with
 * the relay's port.
 */
export interface DatabaseCut {
  url: string;
  port: number;
  cut(): Promise<void>;
  restore(): Promise<void>;
  close(): Promise<void>;
}

export async function relayInFront(
  databaseUrl: string,
  options: { listening?: boolean } = {},
): Promise<DatabaseCut> {
  const target = new URL(databaseUrl);
  const sockets = new Set<Socket>();
  let server: Server | null = null;
  let port = 0;
  const open = () =>
    new Promise<void>((resolve, reject) => {
      const relay = createServer((client) => {
        const upstream = connect(Number(target.port || 5432), target.hostname);
        sockets.add(client);
        sockets.add(upstream);
        const end = () => {
          client.destroy();
          upstream.destroy();
          sockets.delete(client);
          sockets.delete(upstream);
        };
        client.on('error', end).on('close', end);
        upstream.on('error', end).on('close', end);
        client.pipe(upstream);
        upstream.pipe(client);
      });
      relay.once('error', reject);
      relay.listen(port, '127.0.0.1', () => {
        const address = relay.address();
        if (typeof address === 'object' && address) port = address.port;
        server = relay;
        resolve();
      });
    });
  const cut = async () => {
    const closing = server;
    server = null;
    for (const socket of sockets) socket.destroy();
    sockets.clear();
    if (closing) await new Promise<void>((resolve) => closing.close(() => resolve()));
  };
  if (options.listening === false) {
    // A port of its own, not listening yet: the database "is not there" until restore().
    await open();
    await cut();
  } else await open();
  const url = new URL(databaseUrl);
  url.port = String(port);
  url.hostname = '127.0.0.1';
  return { url: url.toString(), port, cut, restore: open, close: cut };
}
