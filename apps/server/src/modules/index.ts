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
import { disputeRoutes } from './disputes/routes';
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
import { refundRoutes } from './refunds/routes';
import { settlementRoutes } from './settlements/routes';
import { siteRoutes } from './site/routes';
import { webhookRoutes } from './webhooks/routes';
import { approvalRoutes } from './approvals/routes';
import { twoFactorRoutes } from './two-factor/routes';
import { erasureRoutes } from './privacy/routes';
import { memberDataRoutes } from './privacy/data-routes';
import { privacyMemberRoutes } from './privacy/member-routes';
import { privacyRegisterRoutes } from './privacy/register-routes';
import { planSimulationRoutes } from './plan-simulation/routes';
import { incomeDisclosureRoutes } from './income-disclosure/routes';
import { planRoutes } from './plans/routes';

/** Every API area, mounted under /api. Add a module here to expose it. */
export const apiModules: FastifyPluginAsync[] = [
  healthRoutes,
  siteRoutes,
  devRoutes,
  authRoutes,
  cashOutRoutes,
  adminStatsRoutes,
  payoutRoutes,
  memberRoutes,
  notificationRoutes,
  unsubscribeRoutes,
  grantRoutes,
  closureRoutes,
  adminUserRoutes,
  contactRoutes,
  administratorRoutes,
  auditRoutes,
  adminAwardRoutes,
  liabilityRoutes,
  exportRoutes,
  bankDetailsRoutes,
  paymentRoutes,
  webhookRoutes,
  approvalRoutes,
  twoFactorRoutes,
  memberReviewRoutes,
  erasureRoutes,
  memberDataRoutes,
  privacyMemberRoutes,
  privacyRegisterRoutes,
  disputeRoutes,
  planSimulationRoutes,
  incomeDisclosureRoutes,
  refundRoutes,
  settlementRoutes,
  planRoutes,
];
