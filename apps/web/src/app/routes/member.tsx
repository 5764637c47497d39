import type { ComponentType } from 'react';
import { redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { PublicLayout } from '../../components/layout/public-layout';
import { RouteError } from '../../components/layout/route-error';
import type { Programme } from '@coop/core';
import type { MemberPage } from '../../features/member/first-reads';
import type { SessionArea } from '../../lib/session';

/** A lazily loaded page: the member area is its own chunks, never loaded by the public pages. */
const page =
  <M,>(load: () => Promise<M>, pick: (module: M) => ComponentType) =>
  async () => ({ Component: pick(await load()) });

const pages = {
  layouts: () => import('../../features/member/pages/member-area-layouts'),
  dashboard: () => import('../../features/member/pages/dashboard-page'),
  bank: () => import('../../features/member/pages/bank-details-page'),
  payment: () => import('../../features/member/pages/payment-page'),
  password: () => import('../../features/member/pages/update-password-page'),
  referral: () => import('../../features/member/pages/referral-code-page'),
  wallet: () => import('../../features/member/pages/wallet-page'),
  matrix: () => import('../../features/member/pages/matrix-page'),
  awards: () => import('../../features/member/pages/awards-page'),
  grant: () => import('../../features/member/pages/grant-page'),
  close: () => import('../../features/member/pages/close-account-page'),
  notifications: () => import('../../features/member/pages/notifications-page'),
  mailSettings: () => import('../../features/member/pages/mail-settings-page'),
  myData: () => import('../../features/member/pages/my-data-page'),
  confirmClosure: () => import('../../features/member/pages/confirm-closure-page'),
  plan: () => import('../../features/member/pages/plan-page'),
};

/**
 * Guard (spec 2.2, checked for real): a live session of this programme, renewed silently from the refresh
 * cookie when the access token has expired; otherwise the programme's sign-in, which brings the person back.
 */
const guard =
  (area: SessionArea, signin: string) =>
  async ({ request }: LoaderFunctionArgs) => {
    // The session code (and the API client under it) loads with the area, not with the public pages.
    const { ensureSession } = await import('../../lib/session');
    if (await ensureSession(area)) return null;
    const url = new URL(request.url);
    throw redirect(`${signin}?next=${encodeURIComponent(url.pathname + url.search)}`);
  };

/**
 * A page's loader: its first reads start as soon as the session is known (the guard's renewal is shared, not repeated),
 * while the layout's and the page's code load beside them, instead of after the page has drawn (decision 0034).
 * A read that fails is left to the page, which shows its own message.
 */
const firstReads =
  (area: Programme, page: MemberPage) =>
  async ({ request }: LoaderFunctionArgs) => {
    const [{ ensureSession }, { getQueryClient }, { startFirstReads }] = await Promise.all([
      import('../../lib/session'),
      import('../../lib/query-client'),
      import('../../features/member/first-reads'),
    ]);
    if (await ensureSession(area)) await startFirstReads(getQueryClient(), area, page, new URL(request.url));
    return null;
  };

type PageKey =
  | 'dashboard'
  | 'bank'
  | 'payment'
  | 'password'
  | 'referral'
  | 'wallet'
  | 'matrix'
  | 'awards'
  | 'close'
  | 'notifications'
  | 'mailSettings'
  | 'myData'
  | 'plan';

/** What the server may read to draw a member page (entry-server.tsx): its first reads, by the route's handle. */
export interface MemberPageHandle {
  memberPage: MemberPage;
}

const pageOf = (key: PageKey | 'grant'): MemberPage =>
  key === 'dashboard' ||
  key === 'wallet' ||
  key === 'matrix' ||
  key === 'notifications' ||
  key === 'grant' ||
  key === 'plan'
    ? key
    : 'other';

const children = (area: Programme, paths: Record<PageKey, string>, grant?: string): RouteObject[] => {
  const route = (
    path: string,
    key: PageKey | 'grant',
    lazy: () => Promise<{ Component: ComponentType }>,
  ): RouteObject => {
    const handle: MemberPageHandle = { memberPage: pageOf(key) };
    return { path, handle, loader: firstReads(area, handle.memberPage), lazy };
  };
  return [
    route(
      paths.dashboard,
      'dashboard',
      page(pages.dashboard, (m) => m.DashboardPage),
    ),
    route(
      paths.bank,
      'bank',
      page(pages.bank, (m) => m.BankDetailsPage),
    ),
    route(
      paths.payment,
      'payment',
      page(pages.payment, (m) => m.PaymentPage),
    ),
    route(
      paths.password,
      'password',
      page(pages.password, (m) => m.UpdatePasswordPage),
    ),
    route(
      paths.referral,
      'referral',
      page(pages.referral, (m) => m.ReferralCodePage),
    ),
    route(
      paths.wallet,
      'wallet',
      page(pages.wallet, (m) => m.WalletPage),
    ),
    route(
      paths.matrix,
      'matrix',
      page(pages.matrix, (m) => m.MatrixPage),
    ),
    route(
      paths.awards,
      'awards',
      page(pages.awards, (m) => m.AwardsPage),
    ),
    route(
      paths.close,
      'close',
      page(pages.close, (m) => m.CloseAccountPage),
    ),
    route(
      paths.notifications,
      'notifications',
      page(pages.notifications, (m) => m.NotificationsPage),
    ),
    route(
      paths.mailSettings,
      'mailSettings',
      page(pages.mailSettings, (m) => m.MailSettingsPage),
    ),
    route(
      paths.myData,
      'myData',
      page(pages.myData, (m) => m.MyDataPage),
    ),
    route(
      paths.plan,
      'plan',
      page(pages.plan, (m) => m.PlanPage),
    ),
    ...(grant
      ? [
          route(
            grant,
            'grant',
            page(pages.grant, (m) => m.GrantPage),
          ),
        ]
      : []),
  ];
};

/** The signed-in areas of both programmes, and the public page the closure mail links to. */
export const memberRoutes: RouteObject[] = [
  {
    id: 'main-member-area',
    loader: guard('main', '/mainsignin'),
    errorElement: <RouteError />,
    lazy: page(pages.layouts, (m) => m.MainMemberLayout),
    children: children(
      'main',
      {
        dashboard: 'maindashboard',
        bank: 'mainbankdetails',
        payment: 'mainpaystack',
        password: 'mainupdatepassword',
        referral: 'mainreferralcode',
        wallet: 'mainwallet',
        matrix: 'mainmatrix',
        awards: 'mainawards',
        close: 'mainclose',
        notifications: 'mainnotifications',
        mailSettings: 'mainmailsettings',
        myData: 'maindata',
        plan: 'mainplan',
      },
      'maingrant',
    ),
  },
  {
    id: 'welcomeback-member-area',
    loader: guard('welcomeback', '/welcomebacksignin'),
    errorElement: <RouteError />,
    lazy: page(pages.layouts, (m) => m.WelcomeBackMemberLayout),
    children: children('welcomeback', {
      dashboard: 'welcomebackdashboard',
      bank: 'welcomebackbankdetails',
      payment: 'welcomepaystack',
      password: 'welcomebackupdatepassword',
      referral: 'welcomebackreferralcode',
      wallet: 'welcomebackwallet',
      matrix: 'welcomebackmatrix',
      awards: 'welcomebackawards',
      close: 'welcomebackclose',
      notifications: 'welcomebacknotifications',
      mailSettings: 'welcomebackmailsettings',
      myData: 'welcomebackdata',
      plan: 'welcomebackplan',
    }),
  },
  {
    element: <PublicLayout />,
    errorElement: <RouteError />,
    children: [{ path: 'confirmclosure', lazy: page(pages.confirmClosure, (m) => m.ConfirmClosurePage) }],
  },
];
