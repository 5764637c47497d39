import type { PaymentStarted } from '@coop/core/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

/** `data` is the checkout address (spec: the response data is the payment link shown as PAY NOW). */
export type { PaymentStarted };

/** POST /auth/process-payment (Main) or /auth/welcomepaystack (Welcome Back) with the email prompted for. */
export const startPayment = (call: string, email: string) =>
  apiFetch<PaymentStarted>(call, { method: 'POST', body: { email } });

export function useStartPayment(call: string) {
  return useMutation({ mutationFn: (email: string) => startPayment(call, email) });
}
