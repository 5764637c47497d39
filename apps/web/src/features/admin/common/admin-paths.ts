/** The admin area's routes (spec 2.2 and 2.7, plus the payout, grant, message and audit screens). */
export const adminPaths = {
  signin: '/admin',
  dashboard: '/admindashboard',
  mainUsers: '/mainuser',
  welcomeBackUsers: '/welcomebackuser',
  makeAdmin: '/makeadmin',
  mainCashOut: '/mainadmincashout',
  welcomeBackCashOut: '/welcomebackadmincashout',
  payouts: '/adminpayouts',
  grants: '/admingrants',
  awards: '/adminawards',
  messages: '/adminmessages',
  audit: '/adminaudit',
  ledger: '/adminledger',
  exports: '/adminexports',
  approvals: '/adminapprovals',
  security: '/adminsecurity',
  flags: '/adminflags',
  disputes: '/admindisputes',
  inactive: '/admininactive',
  mails: '/adminmails',
  personalData: '/adminpersonaldata',
  privacyRegisters: '/adminprivacyregisters',
  planSimulate: '/adminplansimulate',
  incomeDisclosure: '/adminincomedisclosure',
} as const;

/** One approval request with the preview its maker saw. */
export const approvalPath = (id: number) => `/adminapprovals/${id}`;

/** One account's member record. */
export const memberRecordPath = (accountId: string) => `/adminmember/${accountId}`;
