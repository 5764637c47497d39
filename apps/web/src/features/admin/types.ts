/** The admin API's answers, as the server declares them (apps/server/src/modules/{admin-stats,admin-users,payouts,...}). */
export type Programme = 'main' | 'welcomeback';

export interface MoneyFigures {
  total: string;
  today: string;
  previousDay: string;
  changePercent: number | null;
}
export interface CountFigures {
  total: number;
  today: number;
  previousDay: number;
  changePercent: number | null;
}
export interface TransactionAmounts {
  numberOfMainUsers: { amount: string }[];
  numberOfWelcomeBack: { amount: string }[];
  main: MoneyFigures;
  welcomeBack: MoneyFigures;
  timeZone: string;
}
export interface UserCounts {
  numberOfMainUsers: number;
  numberOfWelcomeBack: number;
  main: CountFigures;
  welcomeBack: CountFigures;
  timeZone: string;
}
export interface LatestTransaction {
  reference: string;
  name: string;
  email: string;
  programme: Programme;
  amount: string;
  status: 'pending' | 'paid' | 'failed' | 'abandoned';
  date: string;
}

export interface Paged<T> {
  page: number;
  pageSize: number;
  total: number;
  items: T[];
}

export interface UserListItem {
  fullName: string;
  email: string;
  phone: string;
  referralCode: string;
  role: 'user' | 'admin';
  accountStatus: string;
  emailConfirmed: boolean;
  paid: boolean;
  stage: number | null;
  status: string;
  createdAt: string;
}

interface UserFiguresCommon {
  fullName: string;
  email: string;
  referralCode: string;
  address: string;
  phone: string;
  status: string;
  stage: number;
  paid: boolean;
  wallet: string;
  graduatingBonus: string;
  referralCount: number;
  referralNode: number;
  transaction_counts: number;
}
export interface MainUserFigures extends UserFiguresCommon {
  car_award: string;
  earnedBonus: string;
  housing_award: string;
  laptop_award_or_equivalent: string;
  mbbpil_social_club: string;
  suv_award: string;
}
export interface WelcomeBackUserFigures extends UserFiguresCommon {
  Award: string;
  laptopAward: string;
  matrixBonus: string;
  thankYouBonus: string;
}

export interface CashOutAnswer {
  message: string;
  data: { id: number; programme: Programme; email: string; fullName: string; amount: string; recordedBy: string; createdAt: string };
}

export type PayoutStatus = 'reserved' | 'processing' | 'success' | 'failed' | 'reversed';
export interface PayoutRunSummary {
  id: number;
  programme: Programme;
  period: string;
  mode: 'transfer' | 'csv';
  status: 'running' | 'completed';
  createdBy: string;
  createdAt: string;
  completedAt: string | null;
  payoutCount: number;
  total: string;
  paid: string;
  counts: Partial<Record<PayoutStatus, number>>;
}
interface Person {
  accountId: string;
  fullName: string;
  email: string;
  bankName: string | null;
  accountNumberLast4: string | null;
}
export interface PayoutPreview {
  programme: Programme;
  period: string;
  minimum: string;
  mode: 'transfer' | 'csv';
  existingRun: PayoutRunSummary | null;
  payees: (Person & { amount: string })[];
  skipped: (Person & { balance: string; reason: string; reasonText: string })[];
  totals: { payees: number; amount: string; skipped: number; skippedAmount: string };
}
export interface PayoutRunProgress {
  run: PayoutRunSummary;
  reserved: number;
  skipped: Record<string, number>;
}
export interface PayoutRunDetail extends PayoutRunSummary {
  payouts: {
    id: number;
    accountId: string;
    fullName: string;
    email: string;
    amount: string;
    status: PayoutStatus;
    reference: string;
    bankName: string;
    accountNumberLast4: string;
    failureReason: string | null;
    updatedAt: string;
  }[];
}

export interface ContactMessage {
  id: number;
  name: string;
  email: string;
  message: string;
  createdAt: string;
  readAt: string | null;
}

export type GrantStatus = 'pending' | 'approved' | 'declined';
export interface AdminGrant {
  id: number;
  amount: string;
  purpose: string;
  status: GrantStatus;
  decisionNote: string | null;
  createdAt: string;
  decidedAt: string | null;
  fullName: string;
  email: string;
}

export interface AuditEntry {
  id: number;
  action: string;
  actorAccountId: string | null;
  actorEmail: string | null;
  targetAccountId: string | null;
  targetEmail: string | null;
  details: Record<string, unknown>;
  createdAt: string;
}

export interface AdminAward {
  id: number;
  programme: Programme;
  fullName: string;
  email: string;
  kind: string;
  label: string;
  stage: number;
  installment: number;
  value: string;
  description: string;
  status: 'pending' | 'delivered';
  createdAt: string;
  deliveredAt: string | null;
}
