import type { ComponentType } from 'react';
import { redirect, type RouteObject } from 'react-router';
import { RouteError } from '../../components/layout/route-error';

/** A lazily loaded page: the admin area is its own chunks, never loaded by the public pages. */
const page =
  <M,>(load: () => Promise<M>, pick: (module: M) => ComponentType) =>
  async () => ({ Component: pick(await load()) });

const pages = {
  layout: () => import('../../features/admin/common/components/admin-layout'),
  dashboard: () => import('../../features/admin/figures/pages/dashboard-page'),
  users: () => import('../../features/admin/members/pages/users-page'),
  makeAdmin: () => import('../../features/admin/administrators/pages/make-admin-page'),
  cashOut: () => import('../../features/admin/payouts/pages/cash-out-pages'),
  payouts: () => import('../../features/admin/payouts/pages/payouts-page'),
  payoutRun: () => import('../../features/admin/payouts/pages/payout-run-page'),
  grants: () => import('../../features/admin/entitlements/pages/grants-page'),
  awards: () => import('../../features/admin/entitlements/pages/awards-page'),
  messages: () => import('../../features/admin/messages/pages/messages-page'),
  audit: () => import('../../features/admin/figures/pages/audit-page'),
  ledger: () => import('../../features/admin/figures/pages/ledger-page'),
  exports: () => import('../../features/admin/figures/pages/exports-page'),
  approvals: () => import('../../features/admin/approvals/pages/approvals-page'),
  approval: () => import('../../features/admin/approvals/pages/approval-page'),
  security: () => import('../../features/admin/administrators/pages/security-page'),
  memberRecord: () => import('../../features/admin/members/pages/member-record-page'),
  flags: () => import('../../features/admin/members/pages/flags-page'),
  disputes: () => import('../../features/admin/members/pages/disputes-page'),
  inactive: () => import('../../features/admin/members/pages/inactive-page'),
  mails: () => import('../../features/admin/messages/pages/mails-page'),
  erasures: () => import('../../features/admin/members/pages/erasures-page'),
  registers: () => import('../../features/admin/members/pages/registers-page'),
  simulate: () => import('../../features/admin/plans/pages/simulate-page'),
  simulation: () => import('../../features/admin/plans/pages/simulation-page'),
  disclosure: () => import('../../features/admin/disclosure/pages/income-disclosure-page'),
  refund: () => import('../../features/admin/refunds/pages/refund-page'),
  settlements: () => import('../../features/admin/settlements/pages/settlements-page'),
  settlement: () => import('../../features/admin/settlements/pages/settlement-page'),
  plans: () => import('../../features/admin/plans/pages/plans-page'),
  planDraft: () => import('../../features/admin/plans/pages/plan-draft-page'),
};

/** Guard (spec 2.2, checked for real, DESIGN 5): a live administrator's session, renewed silently; otherwise /admin. */
async function adminGuard() {
  const { ensureSession } = await import('../../lib/session');
  if (await ensureSession('admin')) return null;
  throw redirect('/admin');
}

/** The admin dashboard's figures start loading once the session is known, beside the page's code (decision 0034). */
async function adminDashboardReads() {
  const [{ ensureSession }, { getQueryClient }, { startAdminDashboardReads }] = await Promise.all([
    import('../../lib/session'),
    import('../../lib/query-client'),
    import('../../features/admin/figures/first-reads'),
  ]);
  if (await ensureSession('admin')) await startAdminDashboardReads(getQueryClient());
  return null;
}

/** The admin area (spec 2.7): every route behind the guard, in one lazily loaded layout. */
export const adminRoutes: RouteObject[] = [
  {
    id: 'admin-area',
    loader: adminGuard,
    errorElement: <RouteError />,
    lazy: page(pages.layout, (m) => m.AdminLayout),
    children: [
      {
        path: 'admindashboard',
        loader: adminDashboardReads,
        lazy: page(pages.dashboard, (m) => m.AdminDashboardPage),
      },
      { path: 'mainuser', lazy: page(pages.users, (m) => m.MainUsersPage) },
      { path: 'welcomebackuser', lazy: page(pages.users, (m) => m.WelcomeBackUsersPage) },
      { path: 'makeadmin', lazy: page(pages.makeAdmin, (m) => m.MakeAdminPage) },
      { path: 'mainadmincashout', lazy: page(pages.cashOut, (m) => m.MainCashOutPage) },
      { path: 'welcomebackadmincashout', lazy: page(pages.cashOut, (m) => m.WelcomeBackCashOutPage) },
      { path: 'adminpayouts', lazy: page(pages.payouts, (m) => m.PayoutsPage) },
      { path: 'adminpayouts/:id', lazy: page(pages.payoutRun, (m) => m.PayoutRunPage) },
      { path: 'admingrants', lazy: page(pages.grants, (m) => m.GrantsPage) },
      { path: 'adminawards', lazy: page(pages.awards, (m) => m.AwardsPage) },
      { path: 'adminmessages', lazy: page(pages.messages, (m) => m.MessagesPage) },
      { path: 'adminaudit', lazy: page(pages.audit, (m) => m.AuditPage) },
      { path: 'adminledger', lazy: page(pages.ledger, (m) => m.LedgerPage) },
      { path: 'adminexports', lazy: page(pages.exports, (m) => m.ExportsPage) },
      { path: 'adminapprovals', lazy: page(pages.approvals, (m) => m.ApprovalsPage) },
      { path: 'adminapprovals/:id', lazy: page(pages.approval, (m) => m.ApprovalPage) },
      { path: 'adminsecurity', lazy: page(pages.security, (m) => m.SecurityPage) },
      { path: 'adminmember/:id', lazy: page(pages.memberRecord, (m) => m.MemberRecordPage) },
      { path: 'adminrefund/:reference', lazy: page(pages.refund, (m) => m.RefundPage) },
      { path: 'adminsettlements', lazy: page(pages.settlements, (m) => m.SettlementsPage) },
      { path: 'adminsettlements/:id', lazy: page(pages.settlement, (m) => m.SettlementPage) },
      { path: 'adminflags', lazy: page(pages.flags, (m) => m.FlagsPage) },
      { path: 'admindisputes', lazy: page(pages.disputes, (m) => m.DisputesPage) },
      { path: 'admininactive', lazy: page(pages.inactive, (m) => m.InactivePage) },
      { path: 'adminmails', lazy: page(pages.mails, (m) => m.MailsPage) },
      { path: 'adminpersonaldata', lazy: page(pages.erasures, (m) => m.ErasuresPage) },
      { path: 'adminprivacyregisters', lazy: page(pages.registers, (m) => m.RegistersPage) },
      { path: 'adminplansimulate', lazy: page(pages.simulate, (m) => m.SimulatePage) },
      { path: 'adminplansimulate/:id', lazy: page(pages.simulation, (m) => m.SimulationPage) },
      { path: 'adminincomedisclosure', lazy: page(pages.disclosure, (m) => m.IncomeDisclosurePage) },
      { path: 'adminplans', lazy: page(pages.plans, (m) => m.PlansPage) },
      { path: 'adminplans/:programme/:id', lazy: page(pages.planDraft, (m) => m.PlanDraftPage) },
    ],
  },
];
