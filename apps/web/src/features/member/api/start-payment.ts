import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

export interface PaymentStarted {
  message: string;
  /** The checkout address (spec: the response data is the payment link shown as PAY NOW). */
  data: string;
  reference: string;
}

/** POST /auth/process-payment (Main) or /auth/welcomepaystack (Welcome Back) with the email prompted for. */
export const startPayment = (call: string, email: string) =>
  apiFetch<PaymentStarted>(call, { method: 'POST', body: { email } });

export function useStartPayment(call: string) {
  return useMutation({ mutationFn: (email: string) => startPayment(call, email) });
}
