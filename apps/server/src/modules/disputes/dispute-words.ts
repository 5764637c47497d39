/** Paystack's dispute statuses (its API description's enum for GET /dispute) in the operator's words. */
const STATUS_TEXT: Record<string, string> = {
  'awaiting-merchant-feedback': 'Paystack waits for our answer',
  'awaiting-bank-feedback': "The customer's bank is reviewing the answer",
  pending: 'Paystack is reviewing it',
};

const RESOLUTION_TEXT: Record<string, string> = {
  'merchant-accepted': 'we accepted the claim: the amount goes back to the customer',
  declined: 'we contested the claim',
};

export function disputeStatusText(status: string, resolution: string | null) {
  if (status === 'resolved')
    return resolution
      ? `Resolved: ${RESOLUTION_TEXT[resolution] ?? `Paystack's resolution "${resolution}"`}`
      : 'Resolved';
  // A word Paystack never documented is shown as it came, never dropped.
  return STATUS_TEXT[status] ?? `Paystack's status: ${status}`;
}

/** Resolved is the only closed state Paystack names; every other word keeps the dispute (and its hold) open. */
export const isOpen = (status: string) => status !== 'resolved';
