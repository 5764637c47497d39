import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

export interface SavedBankDetails {
  type: 'savings' | 'current';
  bankCode: string;
  bankName: string;
  accountName: string;
  accountNumberLast4: string;
  verified: boolean;
  updatedAt: string;
}

export const getBankDetails = () => apiFetch<{ bankDetails: SavedBankDetails | null }>('/me/bank-details');

export const bankDetailsQuery = queryOptions({ queryKey: ['me', 'bank-details'], queryFn: getBankDetails });

export function useBankDetails() {
  return useQuery(bankDetailsQuery);
}
