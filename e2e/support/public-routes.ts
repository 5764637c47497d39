import { formatNaira, getPlan, stageTotalKobo } from '@coop/core';

const main = getPlan('main');
const wb = getPlan('welcomeback');

/** Every public route of spec 2.1: its h1 and a piece of key content. */
export const routes: { path: string; heading: string | RegExp; content: (string | RegExp)[] }[] = [
  {
    path: '/',
    heading: /financial security/,
    content: [
      'Actualizing business dreams',
      'Are you a…',
      'Do you want…',
      'What we offer',
      'Social services',
    ],
  },
  {
    path: '/about',
    heading: 'About Us',
    content: ['is a cooperative membership company', 'Our vision', 'Your pathway', 'Be a partner / Sign Up!'],
  },
  {
    path: '/contact',
    heading: 'Contact Us',
    content: ['Lagos, Nigeria', 'support@example.com', 'Send us a message'],
  },
  {
    path: '/getstarted',
    heading: 'CHOOSE PLATFORM OF CHOICE',
    content: ['MAIN PLATFORM', 'WELCOME BACK PLATFORM', formatNaira(main.feeKobo), formatNaira(wb.feeKobo)],
  },
  {
    path: '/payment',
    heading: 'CHOOSE PLATFORM FOR PAYMENT',
    content: ['MAIN PLATFORM', 'WELCOME BACK PLATFORM'],
  },
  {
    path: '/terms',
    heading: 'Terms and Conditions',
    content: ['7 business days', '12 months', '14 days', 'cannot be converted to cash', 'not refundable'],
  },
  { path: '/faq', heading: 'Frequently Asked Questions', content: ['Can awards be paid in cash?'] },
  {
    path: '/main',
    heading: 'Membership (Main) Platform',
    content: ['Eldorado', 'Golden Crown Partner', formatNaira(stageTotalKobo(main, main.stages[6]!))],
  },
  {
    path: '/welcomeback',
    heading: 'Welcome Back Platform',
    content: ['Thank You', 'How to register', formatNaira(stageTotalKobo(wb, wb.stages[3]!))],
  },
  {
    path: '/mainsignin',
    heading: 'Membership (Main) Platform Login',
    content: ['Forgot Password', 'Register'],
  },
  {
    path: '/mainsignup',
    heading: 'Membership (Main) Platform Registration',
    content: ['Full Names', 'Referral Code (optional)'],
  },
  { path: '/mainforgotpassword', heading: 'Forgot your password?', content: ['reset your password'] },
  {
    path: '/mainresetpassword?token=abcdefghijklmnopqrstuvwxyz',
    heading: 'MAIN PLATFORM PASSWORD RESET',
    content: ['Change Password'],
  },
  {
    path: '/mainresetpassword',
    heading: 'MAIN PLATFORM PASSWORD RESET',
    content: ['needs the link from your password-reset email'],
  },
  {
    path: '/mainresetpasswordconfirmation',
    heading: 'Password changed',
    content: ['log in to the Membership (Main) Platform with your new password'],
  },
  { path: '/mainresetconfirmation', heading: 'Password changed', content: ['with your new password'] },
  {
    path: '/mainupdatesuccess',
    heading: 'Bank details saved',
    content: ['successfully updated', 'Go to dashboard'],
  },
  {
    path: '/mainsuccess',
    heading: 'Registration is Successful',
    content: ['Check your email', 'Click Here to Login'],
  },
  { path: '/welcomebacksignin', heading: 'Welcome Back Platform Login', content: ['Forgot Password'] },
  {
    path: '/welcomebacksignup',
    heading: 'Welcome Back Platform Registration',
    content: ['terms and conditions'],
  },
  {
    path: '/welcomebackforgotpassword',
    heading: 'Forgot your password?',
    content: ['Welcome Back Platform account'],
  },
  {
    path: '/welcomebackresetpassword?token=abcdefghijklmnopqrstuvwxyz',
    heading: 'WELCOME BACK PLATFORM PASSWORD RESET',
    content: ['Change Password'],
  },
  {
    path: '/welcomebackresetpasswordconfirmation',
    heading: 'Password changed',
    content: ['Welcome Back Platform'],
  },
  { path: '/welcomebackupdatesuccess', heading: 'Bank details saved', content: ['GO TO DASHBOARD'] },
  {
    path: '/welcomebacksuccess',
    heading: 'Registration is Successful',
    content: ['Check your email', 'Click Here to Login'],
  },
  { path: '/admin', heading: 'Admin Login', content: ['Email', 'Password'] },
  {
    path: '/confirmemail',
    heading: 'Confirmation link not valid',
    content: ['Sign in to the Membership (Main) Platform'],
  },
  { path: '/no-such-page', heading: 'Page not found', content: ['Go home'] },
];

export const aliases: [from: string, to: string][] = [
  ['/About', '/about'],
  ['/Contact', '/contact'],
  ['/Terms&condition', '/terms'],
  ['/Welcomeback', '/welcomeback'],
  ['/mainSignin', '/mainsignin'],
];
