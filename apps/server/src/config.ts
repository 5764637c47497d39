import { FRAUD_THRESHOLDS, type FraudThresholds } from '@coop/core';
import { z } from 'zod';
import {
  DEV_JWT_SECRET,
  parseSecretKey,
  parseTrustProxy,
  weakJwtSecret,
  type SecretKeys,
  type TrustProxy,
} from './config-rules';

// Development values are allowed outside production; in production each must be set on purpose.

/** Their values are never repeated in an error: only the name and what is wrong. */
const SECRET_VARIABLES = new Set([
  'JWT_SECRET',
  'PAYSTACK_SECRET_KEY',
  'SMTP_URL',
  'DATABASE_URL',
  'DATABASE_LISTEN_URL',
  'DEMO_ADMIN_PASSWORD',
  'TOTP_ENCRYPTION_KEY',
  'TOTP_ENCRYPTION_KEY_PREVIOUS',
  'METRICS_TOKEN',
]);

/** Seals administrators' TOTP secrets outside production only: 32 bytes anyone can read here. */
const DEV_TOTP_KEY = 'ZGV2ZWxvcG1lbnQtb25seS10b3RwLWtleS0wMTIzNDU=';

const bool = z
  .enum(['true', 'false', '1', '0', 'on', 'off'])
  .transform((v) => ['true', '1', 'on'].includes(v));

/** scrypt's N=2^15, about 120 ms of one core: the default, and the least a production deployment may set. */
const PRODUCTION_PASSWORD_HASH_COST = 15;

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  PORT: z.coerce
    .number({ message: 'must be a whole number between 0 and 65535' })
    .int('must be a whole number between 0 and 65535')
    .min(0, 'must be a whole number between 0 and 65535')
    .max(65535, 'must be a whole number between 0 and 65535')
    .default(3000),
  HOST: z.string().min(1).optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .refine((v) => v === 'pglite' || /^postgres(ql)?:\/\//.test(v), 'must be a postgres:// URL or "pglite"')
    .optional(),
  /**
   * PostgreSQL's own address for the one connection that listens for changes (decision 0064), when DATABASE_URL goes
   * through a pooler (PgBouncer in transaction mode) that does not keep one session per connection.
   */
  DATABASE_LISTEN_URL: z
    .string()
    .refine((v) => /^postgres(ql)?:\/\//.test(v), 'must be a postgres:// URL')
    .optional(),
  /** scrypt's cost for new password hashes, log2 of N (at least PRODUCTION_PASSWORD_HASH_COST in production). */
  PASSWORD_HASH_COST: z.coerce.number().int().min(10).max(20).default(PRODUCTION_PASSWORD_HASH_COST),
  /** Connections each instance opens to PostgreSQL at most: instances × this must stay under max_connections. */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(2).max(100).default(10),
  /** How long a start waits for PostgreSQL to answer before it gives up (decision 0042). */
  DATABASE_START_TIMEOUT_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
  /** PostgreSQL's statement_timeout, lock_timeout and idle_in_transaction_session_timeout on every pooled connection; 0: off. */
  DATABASE_STATEMENT_TIMEOUT_SECONDS: z.coerce.number().int().min(0).max(3600).default(30),
  DATABASE_LOCK_TIMEOUT_SECONDS: z.coerce.number().int().min(0).max(3600).default(10),
  DATABASE_IDLE_IN_TRANSACTION_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  PUBLIC_URL: z.url('must be a full URL such as https://example.com').optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_TRANSPORT: z.enum(['smtp', 'outbox']).optional(),
  MAIL_FROM: z.string().min(3).default('Cooperative <no-reply@localhost>'),
  PAYSTACK_SECRET_KEY: z
    .string()
    .regex(/^sk_(test|live)_\w+$/, 'must look like sk_test_... or sk_live_...')
    .optional(),
  PAYSTACK_BASE_URL: z.url().default('https://api.paystack.co'),
  PAYMENT_PROVIDER: z.enum(['paystack', 'sandbox']).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: z.string().optional(),
  SITE_NAME: z.string().default('Cooperative Membership Platform'),
  SITE_SHORT_NAME: z.string().default('Cooperative'),
  SITE_ADDRESS: z.string().default('Lagos, Nigeria'),
  SITE_EMAIL: z.string().default('support@example.com'),
  SITE_PHONES: z.string().default(''),
  SITE_FACEBOOK_URL: z.string().default(''),
  SITE_TWITTER_URL: z.string().default(''),
  SITE_INSTAGRAM_URL: z.string().default(''),
  SITE_DPO_NAME: z.string().default('The Data Protection Officer'),
  SITE_DPO_EMAIL: z.string().optional(),
  PAYOUT_DAY: z.coerce.number().int().min(1).max(28).default(25),
  PAYOUT_MINIMUM_KOBO: z.coerce.number().int().min(0).default(100_000),
  PAYOUT_AUTO: bool.default(false),
  JOBS_ENABLED: bool.optional(),
  APPROVAL_THRESHOLD_KOBO: z.coerce.number().int().min(0).default(10_000_000),
  SINGLE_ADMIN_APPROVAL: bool.default(false),
  BANK_DETAILS_COOLING_OFF_HOURS: z.coerce.number().min(0).max(720).default(24),
  APPROVAL_REMINDER_HOURS: z.coerce.number().min(1).max(720).default(24),
  ADMIN_REMOVAL_NOTICE_HOURS: z.coerce.number().min(1).max(720).default(72),
  REFUND_RECHECK_HOURS: z.coerce.number().min(1).max(720).default(24),
  ADMIN_2FA: z.enum(['required', 'optional']).optional(),
  TOTP_ENCRYPTION_KEY: z
    .string()
    .refine(
      (v) => parseSecretKey(v) !== null,
      'must be 32 random bytes in base64 (openssl rand -base64 32) or 64 hexadecimal digits',
    )
    .optional(),
  TOTP_ENCRYPTION_KEY_PREVIOUS: z
    .string()
    .refine(
      (v) => v.split(',').every((k) => parseSecretKey(k) !== null),
      'must be earlier keys of TOTP_ENCRYPTION_KEY, comma-separated, each 32 bytes in base64 or hexadecimal',
    )
    .optional(),
  FRAUD_BURST_SIGNUPS: z.coerce.number().int().min(2).default(FRAUD_THRESHOLDS.burstSignups),
  FRAUD_BURST_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(FRAUD_THRESHOLDS.burstWithinMinutes),
  FRAUD_SAME_DEVICE_HOURS: z.coerce
    .number()
    .int()
    .min(0)
    .max(24 * 30)
    .default(FRAUD_THRESHOLDS.sameDeviceWithinHours),
  FRAUD_RING_LEVELS: z.coerce.number().int().min(0).max(20).default(FRAUD_THRESHOLDS.ringLevels),
  MAIL_WORKER: bool.default(true),
  MAIL_POLL_MS: z.coerce.number().int().min(100).default(5000),
  RETENTION_SIGNUP_ORIGIN_MONTHS: z.coerce.number().int().min(1).max(120).default(12),
  RETENTION_MAIL_BODY_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
  RETENTION_CLOSED_ACCOUNT_YEARS: z.coerce.number().int().min(6).max(20).default(6),
  MY_DATA_MAILED_ABOVE_ROWS: z.coerce.number().int().min(1).default(2000),
  MY_DATA_LINK_DAYS: z.coerce.number().int().min(1).max(30).default(7),
  /** How long a stopping instance (SIGTERM) lets requests in flight and a running job finish before it exits. */
  SHUTDOWN_GRACE_SECONDS: z.coerce.number().int().min(1).max(600).default(30),
  /** The bearer token Prometheus sends to GET /metrics; unset, /metrics answers 404. */
  METRICS_TOKEN: z.string().min(32, 'must be at least 32 characters (openssl rand -hex 32)').optional(),
});

export type Env = z.infer<typeof EnvSchema>;

export interface Config {
  env: Env['NODE_ENV'];
  isProduction: boolean;
  port: number;
  host: string;
  dataDir: string;
  /** undefined: embedded PGlite in dataDir; 'memory' is only used by tests. */
  databaseUrl: string | undefined;
  /** Where the kept reads' feed listens (DATABASE_LISTEN_URL); DATABASE_URL when not set. */
  databaseListenUrl: string | undefined;
  databasePoolSize: number;
  /** How long a start waits for PostgreSQL (DATABASE_START_TIMEOUT_SECONDS), in ms. */
  databaseStartTimeoutMs: number;
  /** PostgreSQL's per-session limits in ms (DATABASE_*_TIMEOUT_SECONDS, DATABASE_IDLE_IN_TRANSACTION_SECONDS); 0: off. */
  databaseTimeouts: { statementMs: number; lockMs: number; idleInTransactionMs: number };
  jwtSecret: string;
  /**
   * scrypt's cost for new password hashes, as log2 of N (each hash keeps its own, so a change applies to new ones).
   * At least 15 in production; the tests hash at less (decision 0023).
   */
  passwordHashCost: number;
  publicUrl: string;
  /** workerEnabled: this instance sends queued mails (MAIL_WORKER); pollMs: how often it looks besides the NOTIFY wake-ups. */
  mail: {
    transport: 'smtp' | 'outbox';
    smtpUrl?: string;
    from: string;
    workerEnabled: boolean;
    pollMs: number;
  };
  payments: { provider: 'paystack' | 'sandbox'; secretKey?: string; baseUrl: string };
  logLevel: Env['LOG_LEVEL'];
  /** Fastify's trustProxy: false, a hop count, or the proxies' addresses (never true in production). */
  trustProxy: TrustProxy;
  /** SHUTDOWN_GRACE_SECONDS in ms: the drain limit of a stopping instance (decision 0045). */
  shutdownGraceMs: number;
  site: {
    name: string;
    shortName: string;
    address: string;
    email: string;
    phones: string[];
    social: { facebook: string; twitter: string; instagram: string };
    /** The data protection officer and the retention periods, as the privacy notice states them. */
    privacy: {
      dpoName: string;
      dpoEmail: string;
      signupOriginMonths: number;
      mailBodyDays: number;
      closedAccountYears: number;
      dataExportLinkDays: number;
    };
  };
  /** auto: on the payout day the prepared run also runs, with no administrator's press. */
  payout: { day: number; minimumKobo: number; auto: boolean };
  /** Scheduled jobs (closures, reconciliation, payout day...) run in this process; off by default in tests, which run them by hand. */
  jobsEnabled: boolean;
  approvals: {
    /** A cash-out above this needs a second administrator. */
    thresholdKobo: number;
    /** A deployment with one administrator: requests complete at once, and the screens say so. */
    singleAdmin: boolean;
    /** Money to bank details saved within this many hours (or after its run was approved) waits for a second administrator. */
    coolingOffMs: number;
    /** A request still waiting after this long is mailed to the other administrators again, once. */
    reminderMs: number;
    /** A request to remove an administrator takes effect after this notice unless a third administrator declines it (decision 0038). */
    removalNoticeHours: number;
  };
  /** A refund Paystack has not decided after this long is asked about again (GET /refund/:id), then again each period (decision 0041). */
  refunds: { recheckMs: number };
  /** 'required': every administrator signs in with a second factor; 'optional': those who enrolled. */
  adminTwoFactor: 'required' | 'optional';
  /** Seals administrators' TOTP secrets at rest (TOTP_ENCRYPTION_KEY, and the previous keys during a rotation). */
  totpKeys: SecretKeys;
  /**
   * How long personal data is kept (decision 0029). Closed accounts: at least the six years company law asks of
   * accounting records, counted from the closure; expired sessions and tokens go at once.
   */
  retention: { signupOriginMonths: number; mailBodyDays: number; closedAccountYears: number };
  /**
   * My Data downloads (decision 0030): a history of more rows than `mailedAboveRows` (wallet lines, payments,
   * notifications and mails) is built by the job runner and mailed as a link that works `linkDays` days.
   */
  dataExport: { mailedAboveRows: number; linkDays: number };
  /** Thresholds of the fraud signals (FRAUD_*; defaults in the core's FRAUD_THRESHOLDS). */
  fraud: FraudThresholds;
  /** What Prometheus sends as `Authorization: Bearer ...` to read GET /metrics; undefined: /metrics is off (404). */
  metricsToken: string | undefined;
}

export class ConfigError extends Error {}

/** Parses the environment once at start; a bad value stops the start with one line naming the variable. */
export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = EnvSchema.safeParse(cleaned);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const name = String(issue.path[0] ?? 'environment');
    const got = SECRET_VARIABLES.has(name) ? undefined : cleaned[name];
    throw new ConfigError(
      `Invalid environment variable ${name}: ${issue.message}${got === undefined ? '' : ` (got "${got}")`}`,
    );
  }
  const e = parsed.data;
  const isProduction = e.NODE_ENV === 'production';
  if (isProduction) {
    const missing = [
      [
        'DATABASE_URL',
        e.DATABASE_URL,
        'a postgres:// URL (or "pglite" to use the embedded database on purpose)',
      ],
      ['JWT_SECRET', e.JWT_SECRET, 'a random secret of at least 32 characters'],
      ['PUBLIC_URL', e.PUBLIC_URL, 'the public address of the site'],
      [
        'SMTP_URL',
        e.SMTP_URL ?? (e.MAIL_TRANSPORT === 'outbox' ? 'outbox' : undefined),
        'an smtp:// URL (or MAIL_TRANSPORT=outbox on purpose)',
      ],
      [
        'PAYSTACK_SECRET_KEY',
        e.PAYSTACK_SECRET_KEY ?? (e.PAYMENT_PROVIDER === 'sandbox' ? 'sandbox' : undefined),
        'a Paystack secret key (or PAYMENT_PROVIDER=sandbox on purpose)',
      ],
      [
        'TOTP_ENCRYPTION_KEY',
        e.TOTP_ENCRYPTION_KEY,
        "32 random bytes in base64 (openssl rand -base64 32) that seal administrators' two-factor secrets",
      ],
    ].find(([, value]) => value === undefined);
    if (missing)
      throw new ConfigError(`Missing environment variable ${missing[0]} in production: set ${missing[2]}`);
    const weakness = weakJwtSecret(e.JWT_SECRET!);
    if (weakness)
      throw new ConfigError(`Invalid environment variable JWT_SECRET in production: it ${weakness}`);
    // The metrics token opens the business's figures (payments, transfers, approvals): a real secret too.
    const metricsTokenWeakness = e.METRICS_TOKEN === undefined ? null : weakJwtSecret(e.METRICS_TOKEN);
    if (metricsTokenWeakness)
      throw new ConfigError(
        `Invalid environment variable METRICS_TOKEN in production: it ${metricsTokenWeakness}`,
      );
    if (parseSecretKey(e.TOTP_ENCRYPTION_KEY!)!.equals(parseSecretKey(DEV_TOTP_KEY)!))
      throw new ConfigError(
        'Invalid environment variable TOTP_ENCRYPTION_KEY in production: it is the development key; make a new one with openssl rand -base64 32',
      );
  }
  if (isProduction && e.PASSWORD_HASH_COST < PRODUCTION_PASSWORD_HASH_COST)
    throw new ConfigError(
      `Invalid environment variable PASSWORD_HASH_COST in production: ${e.PASSWORD_HASH_COST} is below ${PRODUCTION_PASSWORD_HASH_COST}, too cheap to guess against`,
    );
  const trustProxy = parseTrustProxy(e.TRUST_PROXY, isProduction);
  if (typeof trustProxy === 'object' && !Array.isArray(trustProxy))
    throw new ConfigError(
      `Invalid environment variable TRUST_PROXY${isProduction ? ' in production' : ''}: ${trustProxy.error}`,
    );
  const port = e.PORT;
  const mailTransport = e.MAIL_TRANSPORT ?? (e.SMTP_URL ? 'smtp' : 'outbox');
  if (mailTransport === 'smtp' && !e.SMTP_URL)
    throw new ConfigError('Missing environment variable SMTP_URL: MAIL_TRANSPORT=smtp needs it');
  const provider = e.PAYMENT_PROVIDER ?? (e.PAYSTACK_SECRET_KEY ? 'paystack' : 'sandbox');
  if (provider === 'paystack' && !e.PAYSTACK_SECRET_KEY)
    throw new ConfigError(
      'Missing environment variable PAYSTACK_SECRET_KEY: PAYMENT_PROVIDER=paystack needs it',
    );
  return {
    env: e.NODE_ENV,
    isProduction,
    port,
    host: e.HOST ?? (isProduction ? '0.0.0.0' : '127.0.0.1'),
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL === 'pglite' ? undefined : e.DATABASE_URL,
    databaseListenUrl: e.DATABASE_LISTEN_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    databaseStartTimeoutMs: e.DATABASE_START_TIMEOUT_SECONDS * 1000,
    databaseTimeouts: {
      statementMs: e.DATABASE_STATEMENT_TIMEOUT_SECONDS * 1000,
      lockMs: e.DATABASE_LOCK_TIMEOUT_SECONDS * 1000,
      idleInTransactionMs: e.DATABASE_IDLE_IN_TRANSACTION_SECONDS * 1000,
    },
    jwtSecret: e.JWT_SECRET ?? DEV_JWT_SECRET,
    passwordHashCost: e.PASSWORD_HASH_COST,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    mail: {
      transport: mailTransport,
      smtpUrl: e.SMTP_URL,
      from: e.MAIL_FROM,
      workerEnabled: e.MAIL_WORKER,
      pollMs: e.MAIL_POLL_MS,
    },
    payments: { provider, secretKey: e.PAYSTACK_SECRET_KEY, baseUrl: e.PAYSTACK_BASE_URL },
    logLevel: e.LOG_LEVEL,
    trustProxy,
    shutdownGraceMs: e.SHUTDOWN_GRACE_SECONDS * 1000,
    site: {
      name: e.SITE_NAME,
      shortName: e.SITE_SHORT_NAME,
      address: e.SITE_ADDRESS,
      email: e.SITE_EMAIL,
      phones: e.SITE_PHONES.split(',')
        .map((p) => p.trim())
        .filter(Boolean),
      social: { facebook: e.SITE_FACEBOOK_URL, twitter: e.SITE_TWITTER_URL, instagram: e.SITE_INSTAGRAM_URL },
      privacy: {
        dpoName: e.SITE_DPO_NAME,
        dpoEmail: e.SITE_DPO_EMAIL ?? e.SITE_EMAIL,
        signupOriginMonths: e.RETENTION_SIGNUP_ORIGIN_MONTHS,
        mailBodyDays: e.RETENTION_MAIL_BODY_DAYS,
        closedAccountYears: e.RETENTION_CLOSED_ACCOUNT_YEARS,
        dataExportLinkDays: e.MY_DATA_LINK_DAYS,
      },
    },
    payout: { day: e.PAYOUT_DAY, minimumKobo: e.PAYOUT_MINIMUM_KOBO, auto: e.PAYOUT_AUTO },
    jobsEnabled: e.JOBS_ENABLED ?? e.NODE_ENV !== 'test',
    approvals: {
      thresholdKobo: e.APPROVAL_THRESHOLD_KOBO,
      singleAdmin: e.SINGLE_ADMIN_APPROVAL,
      coolingOffMs: e.BANK_DETAILS_COOLING_OFF_HOURS * 3_600_000,
      reminderMs: e.APPROVAL_REMINDER_HOURS * 3_600_000,
      removalNoticeHours: e.ADMIN_REMOVAL_NOTICE_HOURS,
    },
    refunds: { recheckMs: e.REFUND_RECHECK_HOURS * 3_600_000 },
    adminTwoFactor: e.ADMIN_2FA ?? (isProduction ? 'required' : 'optional'),
    totpKeys: {
      current: parseSecretKey(e.TOTP_ENCRYPTION_KEY ?? DEV_TOTP_KEY)!,
      previous: (e.TOTP_ENCRYPTION_KEY_PREVIOUS ?? '')
        .split(',')
        .filter(Boolean)
        .map((k) => parseSecretKey(k)!),
    },
    retention: {
      signupOriginMonths: e.RETENTION_SIGNUP_ORIGIN_MONTHS,
      mailBodyDays: e.RETENTION_MAIL_BODY_DAYS,
      closedAccountYears: e.RETENTION_CLOSED_ACCOUNT_YEARS,
    },
    dataExport: { mailedAboveRows: e.MY_DATA_MAILED_ABOVE_ROWS, linkDays: e.MY_DATA_LINK_DAYS },
    fraud: {
      burstSignups: e.FRAUD_BURST_SIGNUPS,
      burstWithinMinutes: e.FRAUD_BURST_MINUTES,
      sameDeviceWithinHours: e.FRAUD_SAME_DEVICE_HOURS,
      ringLevels: e.FRAUD_RING_LEVELS,
    },
    metricsToken: e.METRICS_TOKEN,
  };
}
