import type { FastifyPluginAsync } from 'fastify';
import { adminAwardRoutes } from './admin-awards/routes';
import { auditRoutes } from './audit/routes';
import { bankDetailsRoutes } from './bank-details/routes';
import { administratorRoutes } from './administrators/routes';
import { contactRoutes } from './contact/routes';
import { authRoutes } from './auth/routes';
import { adminUserRoutes } from './admin-users/routes';
import { adminStatsRoutes } from './admin-stats/routes';
import { cashOutRoutes } from './cash-outs/routes';
import { closureRoutes } from './closure/routes';
import { devRoutes } from './dev/routes';
import { exportRoutes } from './exports/routes';
import { grantRoutes } from './grants/routes';
import { healthRoutes } from './health/routes';
import { liabilityRoutes } from './liabilities/routes';
import { memberRoutes } from './member/routes';
import { memberReviewRoutes } from './member-review/routes';
import { notificationRoutes } from './notifications/routes';
import { unsubscribeRoutes } from './notifications/unsubscribe-routes';
import { paymentRoutes } from './payments/routes';
import { payoutRoutes } from './payouts/routes';
import { siteRoutes } from './site/routes';
import { webhookRoutes } from './webhooks/routes';
import { approvalRoutes } from './approvals/routes';
import { twoFactorRoutes } from './two-factor/routes';

/** Every API area, mounted under /api. Add a module here to expose it. */
export const apiModules: FastifyPluginAsync[] = [healthRoutes, siteRoutes, devRoutes, authRoutes, cashOutRoutes, adminStatsRoutes, payoutRoutes, memberRoutes, notificationRoutes, unsubscribeRoutes, grantRoutes, closureRoutes, adminUserRoutes, contactRoutes, administratorRoutes, auditRoutes, adminAwardRoutes, liabilityRoutes, exportRoutes, bankDetailsRoutes, paymentRoutes, webhookRoutes, approvalRoutes, twoFactorRoutes, memberReviewRoutes];
