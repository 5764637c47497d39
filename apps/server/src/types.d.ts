import type { Programme } from '@coop/core';
import type { PublicPageData } from '@coop/core/contracts';
import type { Config } from './config';
import type { Database, Db } from './db/client';
import type { MailTransport } from './adapters/mail';
import type { PaymentProvider } from './adapters/payments';
import type { SandboxState } from './adapters/payments/sandbox/state';
import type { Scheduler } from './jobs/scheduler';
import type { SimulationJobs } from './modules/plan-simulation/simulation-jobs';
import type { ApprovalActs } from './modules/approvals/approval-acts';
import type { PlanMatrix } from './modules/plans/plan-matrix';
import type { MemberRecordPartReaders } from './modules/member-review/member-record-parts';
import type { ProviderEvents } from './modules/payments/provider-events';
import type { MailWorker } from './modules/notifications/mail-worker';
import type { BackgroundWork } from './lib/background-work';
import type { SignedInAccount } from './plugins/auth';
import type { Metrics } from './plugins/metrics';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    db: Db;
    /** The transport the mail worker sends through (SMTP, or the development outbox). */
    mailer: MailTransport;
    /** Sends the queued mails (modules/notifications); tests call drain() to wait for delivery. */
    mailWorker: MailWorker;
    payments: PaymentProvider;
    /** The payment sandbox's memory when the provider is the sandbox (tests drive it), else null. */
    paystackSandbox: SandboxState | null;
    /** Payment work a webhook started after answering; closing the app (and tests) wait for it. */
    paymentWork: BackgroundWork;
    /** The acts that wait for a second administrator, each added by its own module (modules/approvals). */
    approvalActs: ApprovalActs;
    /** Paystack's events by kind, each added by the module that owns what they change (modules/payments). */
    providerEvents: ProviderEvents;
    /** The one job runner: modules add their scheduled jobs here (see jobs/scheduler.ts). */
    jobs: Scheduler;
    /** The plan simulator's jobs in worker threads (modules/plan-simulation), polled by id. */
    planSimulations: SimulationJobs;
    /** Readers public pages use while the server renders them, added by the modules that own the data. */
    publicPageData: PublicPageData;
    /** The member record's parts read by the modules that keep them (modules/member-review/member-record-parts.ts). */
    memberRecordParts: MemberRecordPartReaders;
    /** The matrix as plans read it, the engine's functions (modules/plans/plan-matrix.ts). */
    planMatrix: PlanMatrix;
    /** What GET /metrics answers: each module adds its own figures while it registers (plugins/metrics.ts). */
    metrics: Metrics;
  }
  interface FastifyRequest {
    /** Set by the auth plugin on private routes. */
    account: SignedInAccount | null;
  }
  interface FastifyContextConfig {
    /** Routes are private unless they say so (deny by default). */
    public?: boolean;
    /** 'admin': only administrators. */
    access?: 'admin';
    /** Only accounts of this programme. */
    programme?: Programme;
    /** The handler's own statement confirms the session (plugins/auth.ts: withAccessCheck, admitFromRead). */
    sessionCheckedInRead?: boolean;
  }
}
