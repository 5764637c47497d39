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
  plans: '/adminplans',
  settlements: '/adminsettlements',
} as const;

/** One plan simulation, stored (decision 0061): its progress, then its whole report. */
export const planSimulationPath = (id: string) => `/adminplansimulate/${id}`;

/** One approval request with the preview its maker saw. */
export const approvalPath = (id: number) => `/adminapprovals/${id}`;

/** One account's member record. */
export const memberRecordPath = (accountId: string) => `/adminmember/${accountId}`;

/** The refund screen of one payment. */
export const refundPath = (reference: string) => `/adminrefund/${encodeURIComponent(reference)}`;

/** One of Paystack's settlements to the bank, with its lines. */
export const settlementPath = (id: number) => `/adminsettlements/${id}`;
