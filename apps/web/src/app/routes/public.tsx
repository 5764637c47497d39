import type { ComponentType } from 'react';
import { redirect, type RouteObject } from 'react-router';

/** A lazily loaded page: a phone on a slow network downloads only the screen it opens. */
const page =
  <M,>(load: () => Promise<M>, pick: (module: M) => ComponentType) =>
  async () => ({ Component: pick(await load()) });

const auth = {
  signIn: () => import('../../features/auth/pages/sign-in-pages'),
  signUp: () => import('../../features/auth/pages/sign-up-pages'),
  forgot: () => import('../../features/auth/pages/forgot-password-pages'),
  reset: () => import('../../features/auth/pages/reset-password-pages'),
  resetDone: () => import('../../features/auth/pages/reset-done-pages'),
  success: () => import('../../features/auth/pages/registration-success-pages'),
};
const updateSuccess = () => import('../../features/notices/pages/update-success-pages');

/** A layout route holding the data cache, around the screens that call the API (app/query-layout.tsx). */
export const withQueries = () => import('../query-layout');

/**
 * Other spellings of public routes used by links of the earlier product (spec 2.1). Matched case-sensitively
 * before the canonical routes (which match any case) and redirected, keeping the query (`?ref=`).
 */
const aliases: [from: string, to: string][] = [
  ['/About', '/about'],
  ['/Contact', '/contact'],
  ['/Terms&condition', '/terms'],
  ['/Welcomeback', '/welcomeback'],
  ['/mainSignin', '/mainsignin'],
];

/** Public pages (inside the public layout, spec 2.1). */
export const publicRoutes: RouteObject[] = [
  ...aliases.map(([from, to]): RouteObject => ({
    path: from,
    caseSensitive: true,
    loader: ({ request }) => redirect(to + new URL(request.url).search),
  })),
  {
    index: true,
    lazy: page(
      () => import('../../features/home/pages/home-page'),
      (m) => m.HomePage,
    ),
  },
  {
    path: 'about',
    lazy: page(
      () => import('../../features/about/pages/about-page'),
      (m) => m.AboutPage,
    ),
  },
  {
    path: 'getstarted',
    lazy: page(
      () => import('../../features/platforms/pages/choose-platform-page'),
      (m) => m.ChoosePlatformPage,
    ),
  },
  {
    path: 'payment',
    lazy: page(
      () => import('../../features/platforms/pages/choose-payment-page'),
      (m) => m.ChoosePaymentPage,
    ),
  },
  {
    path: 'terms',
    lazy: page(
      () => import('../../features/terms/pages/terms-page'),
      (m) => m.TermsPage,
    ),
  },
  {
    // Each published plan version's terms, at an address that never changes (decision 0060).
    path: 'terms/:programme/v/:version',
    lazy: async () => {
      const m = await import('../../features/terms/pages/terms-version-page');
      return { Component: m.TermsVersionPage, loader: m.termsVersionLoader };
    },
  },
  {
    path: 'privacy',
    lazy: page(
      () => import('../../features/privacy/pages/privacy-page'),
      (m) => m.PrivacyPage,
    ),
  },
  {
    path: 'faq',
    lazy: page(
      () => import('../../features/faq/pages/faq-page'),
      (m) => m.FaqPage,
    ),
  },
  {
    path: 'main',
    lazy: page(
      () => import('../../features/plans/pages/main-platform-page'),
      (m) => m.MainPlatformPage,
    ),
  },
  {
    path: 'welcomeback',
    lazy: page(
      () => import('../../features/plans/pages/welcome-back-page'),
      (m) => m.WelcomeBackPage,
    ),
  },
  {
    path: 'income-disclosure',
    lazy: async () => {
      const m = await import('../../features/income-disclosure/pages/income-disclosure-page');
      return { Component: m.IncomeDisclosurePage, loader: m.incomeDisclosureLoader };
    },
  },

  // Pages with forms or calls to the API, inside the data cache.
  {
    lazy: withQueries,
    children: [
      {
        path: 'contact',
        lazy: page(
          () => import('../../features/contact/pages/contact-page'),
          (m) => m.ContactPage,
        ),
      },
      {
        path: 'confirmemail',
        lazy: page(
          () => import('../../features/auth/pages/confirm-email-page'),
          (m) => m.ConfirmEmailPage,
        ),
      },
      {
        path: 'admininvite',
        lazy: page(
          () => import('../../features/auth/pages/admin-invitation-page'),
          (m) => m.AdminInvitationPage,
        ),
      },
      {
        path: 'confirmemailchange',
        lazy: page(
          () => import('../../features/auth/pages/confirm-email-change-page'),
          (m) => m.ConfirmEmailChangePage,
        ),
      },
      { path: 'mainsignin', lazy: page(auth.signIn, (m) => m.MainSignInPage) },
      { path: 'mainsignup', lazy: page(auth.signUp, (m) => m.MainSignUpPage) },
      { path: 'mainforgotpassword', lazy: page(auth.forgot, (m) => m.MainForgotPasswordPage) },
      { path: 'mainresetpassword', lazy: page(auth.reset, (m) => m.MainResetPasswordPage) },
      { path: 'mainresetpasswordconfirmation', lazy: page(auth.resetDone, (m) => m.MainResetDonePage) },
      { path: 'mainresetconfirmation', lazy: page(auth.resetDone, (m) => m.MainResetDonePage) },
      { path: 'mainsuccess', lazy: page(auth.success, (m) => m.MainRegistrationSuccessPage) },
      { path: 'mainupdatesuccess', lazy: page(updateSuccess, (m) => m.MainUpdateSuccessPage) },

      { path: 'welcomebacksignin', lazy: page(auth.signIn, (m) => m.WelcomeBackSignInPage) },
      { path: 'welcomebacksignup', lazy: page(auth.signUp, (m) => m.WelcomeBackSignUpPage) },
      { path: 'welcomebackforgotpassword', lazy: page(auth.forgot, (m) => m.WelcomeBackForgotPasswordPage) },
      { path: 'welcomebackresetpassword', lazy: page(auth.reset, (m) => m.WelcomeBackResetPasswordPage) },
      {
        path: 'welcomebackresetpasswordconfirmation',
        lazy: page(auth.resetDone, (m) => m.WelcomeBackResetDonePage),
      },
      { path: 'welcomebacksuccess', lazy: page(auth.success, (m) => m.WelcomeBackRegistrationSuccessPage) },
      { path: 'welcomebackupdatesuccess', lazy: page(updateSuccess, (m) => m.WelcomeBackUpdateSuccessPage) },

      { path: 'admin', lazy: page(auth.signIn, (m) => m.AdminSignInPage) },
    ],
  },
];
