import type { Config } from './config';
import type { Database, Db } from './db/client';
import type { MailTransport } from './adapters/mail';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    db: Db;
    mailer: MailTransport;
  }
  interface FastifyContextConfig {
    /** Routes are private unless they say so (deny by default). */
    public?: boolean;
  }
}
