/** The admin API's answers, declared once in @coop/core/contracts (admin-responses.ts) with the server. */
export type {
  AdminAward,
  AdminGrant,
  AuditEntry,
  CashOutAnswer,
  ContactMessage,
  CountFigures,
  GrantStatus,
  LatestTransaction,
  MainUserFigures,
  MoneyFigures,
  PayoutPreview,
  PayoutRunDetail,
  PayoutRunProgress,
  PayoutRunSummary,
  TransactionAmounts,
  UserCounts,
  UserListItem,
  WelcomeBackUserFigures,
} from '@coop/core/contracts';

export type PayoutMode = 'transfer' | 'csv';

/** A page of a list, as every admin list answers. */
export interface Paged<T> {
  page: number;
  pageSize: number;
  total: number;
  items: T[];
}
