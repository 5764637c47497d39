import type { SandboxTransfer } from './store';

/**
 * Account numbers that behave as Paystack's documentation says its test accounts do, and numbers that make a
 * transfer take each path Paystack documents (paystack.com/docs/transfers/how-transfers-work), so every case can
 * be tried over HTTP. The README lists them.
 */

/** Paystack's documented accounts resolve to the names its samples show (paystack.com/docs/identity-verification/verify-account-number). */
export const DOCUMENTED_ACCOUNTS: Record<string, string> = {
  '0001234567': 'SANDBOX TEST ACCOUNT',
  '0022728151': 'WES GIBBONS',
};

/** Numbers of no account: they never resolve, and a recipient cannot be made for them. */
export const isUnknownAccount = (accountNumber: string) =>
  accountNumber.startsWith('000') && !(accountNumber in DOCUMENTED_ACCOUNTS);

export type TransferScenario =
  | 'success'
  | 'otp'
  | 'received'
  | 'abandoned'
  | 'blocked'
  | 'rejected'
  | 'reversed'
  | 'failed'
  | 'failed_after_success'
  | 'pending'
  | 'never_received';

/** The code the sandbox accepts on /transfer/finalize_transfer (Paystack sends one to the business's phone). */
export const SANDBOX_TRANSFER_OTP = '123456';

export const TRANSFER_TEST_ACCOUNTS: Record<string, TransferScenario> = {
  '9990000001': 'otp',
  '9990000002': 'received',
  '9990000003': 'abandoned',
  '9990000004': 'blocked',
  '9990000005': 'rejected',
  '9990000006': 'reversed',
  '9990000007': 'failed_after_success',
  '9990000008': 'never_received',
  '9990000010': 'pending',
};

/** Any other number ending in 9 fails, as it always has in the sandbox. */
export const transferScenario = (accountNumber: string): TransferScenario =>
  TRANSFER_TEST_ACCOUNTS[accountNumber] ?? (accountNumber.endsWith('9') ? 'failed' : 'success');

/** The status POST /transfer answers with, for each scenario. */
export const initialTransferStatus = (scenario: TransferScenario): SandboxTransfer['status'] =>
  scenario === 'otp' || scenario === 'abandoned' ? 'otp' : scenario === 'received' ? 'received' : 'pending';

/**
 * What happens after the answer, in order: each step a status and the webhook sent with it (null: none). A step
 * marked afterSeen waits until the platform has seen the previous status (asked GET /transfer/verify), as a bank's
 * later reversal or failure comes after the success was known.
 */
export const laterSteps = (
  scenario: TransferScenario,
): { status: SandboxTransfer['status']; event: string | null; afterSeen?: boolean }[] => {
  switch (scenario) {
    case 'success':
      return [{ status: 'success', event: 'transfer.success' }];
    case 'failed':
      return [{ status: 'failed', event: 'transfer.failed' }];
    case 'blocked':
    case 'rejected':
      return [{ status: scenario, event: 'transfer.failed' }];
    case 'reversed':
      return [
        { status: 'success', event: 'transfer.success' },
        { status: 'reversed', event: 'transfer.reversed', afterSeen: true },
      ];
    case 'failed_after_success':
      return [
        { status: 'success', event: 'transfer.success' },
        { status: 'failed', event: 'transfer.failed', afterSeen: true },
      ];
    // Paystack abandons an OTP transfer whose code was not given within 30 minutes; it sends no event for it.
    case 'abandoned':
      return [{ status: 'abandoned', event: null }];
    default:
      return [];
  }
};
