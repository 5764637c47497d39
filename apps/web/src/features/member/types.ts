/** The member API's answers, as the server declares them (apps/server/src/modules/member/schemas.ts). */

export interface StageProgress {
  stage: number;
  stageName: string;
  nextStage: number | null;
  nextStageName: string | null;
  missingPlaces: number;
  missingDirectReferrals: number;
  fraction: number;
  summary: string;
}

export interface Award {
  id: number;
  kind: string;
  label: string;
  stage: number;
  installment: number;
  value: string;
  description: string;
  status: 'pending' | 'delivered';
  createdAt: string;
}

interface DashboardCommon {
  fullName: string;
  email: string;
  referralCode: string;
  address: string;
  phone: string;
  status: string;
  stage: number;
  stageName: string;
  paid: boolean;
  finished: boolean;
  cycle: number;
  progress: StageProgress | null;
  wallet: string;
  graduatingBonus: string;
  referralCount: number;
  referralNode: number;
  transaction_counts: number;
  awards: Award[];
  grantEligible: boolean;
}

export interface MainDashboard extends DashboardCommon {
  programme: 'main';
  earnedBonus: string;
  healthFee: string;
  mbbpil_social_club: string;
  gift: string;
  laptop_award_or_equivalent: string;
  car_award: string;
  housing_award: string;
  suv_award: string;
  goldenCrownAward: string;
}

export interface WelcomeBackDashboard extends DashboardCommon {
  programme: 'welcomeback';
  matrixBonus: string;
  thankYouBonus: string;
  laptopAward: string;
  Award: string;
}

export type Dashboard = MainDashboard | WelcomeBackDashboard;

export interface WalletHistory {
  page: number;
  pageSize: number;
  total: number;
  items: { id: number; kind: string; reason: string; amount: string; createdAt: string }[];
}

export interface MatrixNode {
  positionId: number;
  parentId: number | null;
  slot: number | null;
  level: number;
  initials: string;
  stage: number;
  stageName: string;
  joinedAt: string;
  hasChildren: boolean;
}

export interface MatrixView {
  paid: boolean;
  rootPositionId: number | null;
  levels: number;
  nodes: MatrixNode[];
}

export interface Grant {
  id: number;
  amount: string;
  purpose: string;
  status: 'pending' | 'approved' | 'declined';
  decisionNote: string | null;
  createdAt: string;
  decidedAt: string | null;
}

export interface ClosureStatus {
  requestedAt: string | null;
  confirmedAt: string | null;
  effectiveAt: string | null;
  closed: boolean;
}
