import type { PayoutOtp, MessageAnswer, PayoutFinalized } from '@coop/core/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../../lib/api-client';

/** POST /admin/payouts/:id/finalize: the one-time code Paystack sent to the business's phone for this transfer. */
export const finalizePayout = ({ id, otp }: PayoutOtp & { id: number }) =>
  apiFetch<PayoutFinalized>(`/admin/payouts/${id}/finalize`, {
    method: 'POST',
    body: { otp },
  });

/** POST /admin/payouts/:id/resend-otp: Paystack sends the code again. */
export const resendPayoutOtp = (id: number) =>
  apiFetch<MessageAnswer>(`/admin/payouts/${id}/resend-otp`, { method: 'POST', body: {} });

export function useFinalizePayout() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: finalizePayout,
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin', 'payouts'] }),
  });
}

export function useResendPayoutOtp() {
  return useMutation({ mutationFn: resendPayoutOtp });
}
