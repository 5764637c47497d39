import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import https from 'node:https';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createThrowawayDatabase } from '../../apps/server/test/throwaway-postgres';
import { freePort, removeDir, repoRoot, startPlatform, type RunningServer } from './server';

const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
const OPENSSL = process.env.OPENSSL_PATH ?? 'openssl';

/** Why the tests behind nginx cannot run here, or null when they can. */
export function nginxMissing(): string | null {
  if (!existsSync(NGINX)) return `needs Debian's nginx at ${NGINX} (.ci/run installs it)`;
  if (spawnSync(OPENSSL, ['version']).status !== 0) return 'needs openssl to make a self-signed certificate';
  return null;
}

export interface RunningNginx {
  /** https://127.0.0.1:port: what a member's browser opens. */
  url: string;
  /** The self-signed certificate (PEM), for clients that check it (NODE_EXTRA_CA_CERTS, https.request's ca). */
  certificate: string;
  certificateFile: string;
  process: ChildProcess;
  output: () => string;
  stop(): Promise<void>;
}

/**
 * nginx in front of the given instances on loopback, as ops/nginx has it in production: the site's proxy rules are
 * ops/nginx/coop-platform-proxy.conf itself, included as the site file does; only the ports, the certificate
 * (self-signed, made here with openssl for 127.0.0.1) and the folders differ. nginx runs in the foreground with its
 * own prefix, temporary folders, pid and logs in a temporary folder. Each answer names the instance(s) nginx tried
 * (X-Coop-Upstream, this test's addition), so a test can tell which instance served it.
 */
export async function startNginx(upstreamPorts: number[]): Promise<RunningNginx> {
  const dir = mkdtempSync(path.join(tmpdir(), 'coop-nginx-'));
  for (const sub of ['logs', 'temp/body', 'temp/proxy', 'temp/fastcgi', 'temp/uwsgi', 'temp/scgi'])
    mkdirSync(path.join(dir, sub), { recursive: true });
  const certificateFile = path.join(dir, 'cert.pem');
  const keyFile = path.join(dir, 'key.pem');
  const made = spawnSync(
    OPENSSL,
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1,DNS:localhost',
      '-keyout',
      keyFile,
      '-out',
      certificateFile,
    ],
    { encoding: 'utf8' },
  );
  if (made.status !== 0) throw new Error(`openssl could not make a certificate:\n${made.stderr}`);
  const port = await freePort();
  const conf = path.join(dir, 'nginx.conf');
  writeFileSync(
    conf,
    `# Written by e2e/support/nginx.ts for one test run.
${process.getuid?.() === 0 ? 'user root root;' : ''}
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/logs/error.log warn;
events { worker_connections 512; }
http {
  access_log ${dir}/logs/access.log;
  client_body_temp_path ${dir}/temp/body;
  proxy_temp_path ${dir}/temp/proxy;
  fastcgi_temp_path ${dir}/temp/fastcgi;
  uwsgi_temp_path ${dir}/temp/uwsgi;
  scgi_temp_path ${dir}/temp/scgi;
  upstream coop_platform {
${upstreamPorts.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=2s;`).join('\n')}
  }
  server {
    listen 127.0.0.1:${port} ssl;
    server_name localhost;
    ssl_certificate ${certificateFile};
    ssl_certificate_key ${keyFile};
    add_header X-Coop-Upstream $upstream_addr always;
    include ${path.join(repoRoot, 'ops/nginx/coop-platform-proxy.conf')};
  }
}
`,
  );
  const child = spawn(
    NGINX,
    ['-p', dir, '-c', conf, '-e', path.join(dir, 'logs/error.log'), '-g', 'daemon off;'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  const certificate = readFileSync(certificateFile, 'utf8');
  const url = `https://127.0.0.1:${port}`;
  const running: RunningNginx = {
    url,
    certificate,
    certificateFile,
    process: child,
    output: () =>
      `${output}${existsSync(path.join(dir, 'logs/error.log')) ? readFileSync(path.join(dir, 'logs/error.log'), 'utf8') : ''}`,
    async stop() {
      // QUIT: nginx finishes the requests it has, then exits.
      if (child.exitCode === null) child.kill('SIGQUIT');
      await exited;
      removeDir(dir);
    },
  };
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`nginx exited at start:\n${running.output()}`);
    try {
      await httpsRequest(url, '/nginx-up', { ca: certificate });
      return running;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  await running.stop();
  throw new Error(`nginx did not answer on ${url} within 20 s:\n${output}`);
}

export interface HttpsAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/**
 * One HTTPS request that checks the test's certificate, with a chosen source address (localAddress: a second
 * loopback address such as 127.0.0.2 is a different client as nginx sees it). Rejects on a connection error.
 */
export function httpsRequest(
  base: string,
  pathname: string,
  options: {
    ca: string;
    method?: string;
    headers?: Record<string, string>;
    body?: unknown;
    localAddress?: string;
    agent?: https.Agent;
  },
): Promise<HttpsAnswer> {
  const body = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise((resolve, reject) => {
    const request = https.request(
      new URL(pathname, base),
      {
        method: options.method ?? 'GET',
        ca: options.ca,
        localAddress: options.localAddress,
        agent: options.agent,
        headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...options.headers },
        timeout: 30_000,
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text }),
        );
        response.on('error', reject);
      },
    );
    request.on('timeout', () => request.destroy(new Error('timed out')));
    request.on('error', reject);
    request.end(body);
  });
}

/**
 * The environment of an instance behind nginx, as in production (NODE_ENV=production: secure cookies, the platform's
 * own checks, no development routes), with the built-in Paystack sandbox and the mail outbox on purpose. Every
 * instance of a test gets the same secrets. The sandbox reaches itself and sends its webhooks through the public
 * address, nginx's, so the instances trust the test's certificate (NODE_EXTRA_CA_CERTS).
 */
export function behindNginxEnv(databaseUrl: string, nginx: RunningNginx): Record<string, string> {
  return {
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    DATABASE_URL: databaseUrl,
    PUBLIC_URL: nginx.url,
    TRUST_PROXY: '1',
    JWT_SECRET: sharedSecrets.jwt,
    TOTP_ENCRYPTION_KEY: sharedSecrets.totp,
    // Production's least; the test's lower cost is refused there.
    PASSWORD_HASH_COST: '15',
    MAIL_TRANSPORT: 'outbox',
    PAYMENT_PROVIDER: 'sandbox',
    JOBS_ENABLED: 'true',
    NODE_EXTRA_CA_CERTS: nginx.certificateFile,
    LOG_LEVEL: 'warn',
  };
}

const sharedSecrets = { jwt: randomBytes(48).toString('base64'), totp: randomBytes(32).toString('base64') };

/**
 * docs/deploy.md on loopback: nginx with TLS in front of two production-mode instances on a new database of the
 * PostgreSQL at serverUrl, and a client of that database for what the test reads. stop() ends them all.
 */
export async function startBehindNginx(serverUrl: string, prefix: string) {
  const database = await createThrowawayDatabase(serverUrl, { prefix });
  const ports = [await freePort(), await freePort()];
  const instances: RunningServer[] = [];
  let nginx: RunningNginx | undefined;
  const client = new pg.Client({ connectionString: database.url });
  const stop = async () => {
    await client.end().catch(() => {});
    await Promise.all(instances.map((i) => i.stop()));
    for (const i of instances) removeDir(i.dataDir);
    await nginx?.stop();
    await database.drop();
  };
  try {
    nginx = await startNginx(ports);
    // One after the other: the first migrates the new database.
    for (const port of ports)
      instances.push(await startPlatform(behindNginxEnv(database.url, nginx), { port }));
    await client.connect();
  } catch (error) {
    await stop();
    throw error;
  }
  const query = async <T>(text: string, values: unknown[] = []) =>
    (await client.query(text, values)).rows as T[];
  return { database, nginx, ports, instances, query, stop };
}
