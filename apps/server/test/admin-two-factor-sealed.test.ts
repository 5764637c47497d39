import { randomBytes } from 'node:crypto';
import { generate } from 'otplib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp, type App } from '../src/app';
import type { Database } from '../src/db/client';
import { queryRows } from '../src/db/rows';
import { secretKeyId } from '../src/lib/secret-box';
import { createTestAccount } from './accounts-kit';
import { testConfig } from './app';
import { bearer, logIn, someAddress } from './auth-kit';
import { describeEachDatabase } from './databases';

const ADMIN_LOGIN = '/api/admin/adminLogin';
const PASSWORD = 'admin password 1';
const codeAt = (secret: string, stepsAhead = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 * stepsAhead });
const post = (
  app: App,
  url: string,
  payload: Record<string, unknown>,
  headers: Record<string, string> = {},
) => app.inject({ method: 'POST', url, payload, headers, remoteAddress: someAddress() });

describeEachDatabase(
  'administrators’ TOTP secrets are sealed at rest under TOTP_ENCRYPTION_KEY',
  (engine) => {
    let database: Database;
    const apps: App[] = [];
    const firstKey = randomBytes(32).toString('base64');
    const secondKey = randomBytes(32).toString('base64');
    const start = async (env: Record<string, string>) => {
      const app = await buildApp(testConfig(env), { database });
      await app.ready();
      apps.push(app);
      return app;
    };
    const stored = async (app: App, accountId: string) =>
      (
        await queryRows<{ secret: string }>(
          app.db,
          sql`select secret from admin_two_factor where account_id = ${accountId}`,
        )
      )[0]!.secret;
    /** Signs in with the password and then a code of the step `stepsAhead` from now: true when the code is accepted. */
    const signsInWithCode = async (app: App, email: string, secret: string, stepsAhead: number) => {
      // Codes are accepted one step either side of now and never twice: each sign-in here starts as if the last code was long ago.
      await app.db.execute(sql`update admin_two_factor set last_time_step = null`);
      const login = await logIn(app, 'main', email, PASSWORD, ADMIN_LOGIN);
      expect(login.json()).toMatchObject({ twoFactor: 'code' });
      const verified = await post(app, '/api/admin/two-factor/verify', {
        challenge: login.json().challenge,
        code: await codeAt(secret, stepsAhead),
      });
      return verified.statusCode === 200;
    };

    beforeAll(async () => {
      database = await engine.open();
    });
    afterAll(async () => {
      for (const app of apps) await app.close();
      await database.close();
    });

    let admin: { id: string; email: string };
    let secret: string;
    let recoveryCodes: string[];

    it('keeps no secret in clear, and the code from the app still signs in', async () => {
      const app = await start({ TOTP_ENCRYPTION_KEY: firstKey });
      admin = await createTestAccount(app, { role: 'admin', password: PASSWORD });
      const headers = bearer((await logIn(app, 'main', admin.email, PASSWORD, ADMIN_LOGIN)).json().token);
      secret = (await post(app, '/api/admin/two-factor/setup', {}, headers)).json().secret;
      const sealed = await stored(app, admin.id);
      expect(sealed).not.toContain(secret);
      expect(sealed.startsWith(`v1.${secretKeyId(Buffer.from(firstKey, 'base64'))}.`)).toBe(true);
      const confirmed = await post(
        app,
        '/api/admin/two-factor/confirm',
        { code: await codeAt(secret) },
        headers,
      );
      expect(confirmed.statusCode).toBe(200);
      recoveryCodes = confirmed.json().recoveryCodes;
      expect(await signsInWithCode(app, admin.email, secret, 1)).toBe(true);
      // Copied onto another administrator's row, the sealed secret does not open (the row is part of the seal).
      const other = await createTestAccount(app, { role: 'admin', password: PASSWORD });
      await app.db.execute(
        sql`insert into admin_two_factor (account_id, secret, confirmed_at) values (${other.id}, ${sealed}, now())`,
      );
      const otherLogin = await logIn(app, 'main', other.email, PASSWORD, ADMIN_LOGIN);
      const stolen = await post(app, '/api/admin/two-factor/verify', {
        challenge: otherLogin.json().challenge,
        code: await codeAt(secret, 1),
      });
      expect(stolen.statusCode).not.toBe(200);
      await app.db.execute(sql`delete from admin_two_factor where account_id = ${other.id}`);
    });

    it('a rotation: started with the new key and the old one as previous, every secret is sealed again and codes still work', async () => {
      const app = await start({ TOTP_ENCRYPTION_KEY: secondKey, TOTP_ENCRYPTION_KEY_PREVIOUS: firstKey });
      expect(
        (await stored(app, admin.id)).startsWith(`v1.${secretKeyId(Buffer.from(secondKey, 'base64'))}.`),
      ).toBe(true);
      expect(await signsInWithCode(app, admin.email, secret, 0)).toBe(true);
    });

    it('a secret written in clear before sealing existed is sealed at the next start and still verifies', async () => {
      await apps[0]!.db.execute(
        sql`update admin_two_factor set secret = ${secret} where account_id = ${admin.id}`,
      );
      const app = await start({ TOTP_ENCRYPTION_KEY: secondKey });
      const sealed = await stored(app, admin.id);
      expect(sealed).not.toContain(secret);
      expect(sealed.startsWith('v1.')).toBe(true);
      expect(await signsInWithCode(app, admin.email, secret, 0)).toBe(true);
    });

    it('with a key that does not open the secret, the code is refused but a recovery code still signs in', async () => {
      const app = await start({ TOTP_ENCRYPTION_KEY: randomBytes(32).toString('base64') });
      expect(await signsInWithCode(app, admin.email, secret, 0)).toBe(false);
      const login = await logIn(app, 'main', admin.email, PASSWORD, ADMIN_LOGIN);
      const recovered = await post(app, '/api/admin/two-factor/verify', {
        challenge: login.json().challenge,
        code: recoveryCodes[0]!,
      });
      expect(recovered.statusCode, recovered.body).toBe(200);
    });
  },
);
