/** The member API's answers, declared once in @coop/core/contracts (member-responses.ts) with the server. */
export type {
  Award,
  ClosureStatus,
  Dashboard,
  Grant,
  MatrixView,
  StageProgress,
  WalletHistory,
  WalletLine,
  WalletLineKind,
  MatrixSearch,
} from '@coop/core/contracts';
