import type { MyBankDetails, SavedBankDetails } from '@coop/core/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

export type { SavedBankDetails };

export const getBankDetails = () => apiFetch<MyBankDetails>('/me/bank-details');

export const bankDetailsQuery = queryOptions({ queryKey: ['me', 'bank-details'], queryFn: getBankDetails });

export function useBankDetails() {
  return useQuery(bankDetailsQuery);
}
