import type { BankDetailsInput, BankDetailsSaved } from '@coop/core/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

/** POST /auth/register (Main) or /auth/bankdetails (Welcome Back): the server checks the account name with the bank. */
export const saveBankDetails = (call: string, input: BankDetailsInput) =>
  apiFetch<BankDetailsSaved>(call, {
    method: 'POST',
    body: input,
  });

export function useSaveBankDetails(call: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: BankDetailsInput) => saveBankDetails(call, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['me', 'bank-details'] }),
  });
}
