/**
 * Paystack's transfer statuses (paystack.com/docs/transfers/how-transfers-work; the status filter of GET /transfer in
 * Paystack's API description, PaystackOSS/openapi dist/paystack.yaml), what each does to a payout and what the operator reads.
 * Anything else Paystack may say is kept and shown, never dropped: the payout waits for a person.
 */
export type TransferClass = 'waiting' | 'otp' | 'success' | 'failed' | 'reversed' | 'unknown';

const CLASS: Record<string, TransferClass> = {
  pending: 'waiting',
  received: 'waiting',
  // The bulk endpoint's word for a transfer accepted into its queue.
  queued: 'waiting',
  otp: 'otp',
  success: 'success',
  failed: 'failed',
  abandoned: 'failed',
  blocked: 'failed',
  rejected: 'failed',
  reversed: 'reversed',
};

/** The words under which a payout simply waits for the bank. */
export const WAITING_STATUSES = Object.keys(CLASS).filter((status) => CLASS[status] === 'waiting');

export const classifyTransferStatus = (status: string): TransferClass => CLASS[status] ?? 'unknown';

/** What each of Paystack's words means for the business, in plain words. */
export const TRANSFER_STATUS_TEXT: Record<string, string> = {
  pending: 'Paystack has the transfer and is sending it to the bank',
  received: "Paystack has received the transfer and is processing it; the bank's answer is awaited",
  queued: 'Paystack has queued the transfer',
  otp: "Paystack is waiting for the one-time code sent to the business's phone",
  success: "Paid: the bank credited the member's account",
  failed: 'The bank did not pay this account',
  abandoned: 'Paystack abandoned the transfer: its one-time code was not given within 30 minutes',
  blocked: 'Paystack blocked the transfer',
  rejected: 'Paystack rejected the transfer',
  reversed: 'The bank returned the money',
};

export const transferStatusText = (status: string) =>
  TRANSFER_STATUS_TEXT[status] ??
  `Paystack reports a status the platform does not know ("${status}"): look the transfer up in Paystack's dashboard`;
