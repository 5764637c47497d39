import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import type { Grant } from '../types';

export const withdrawGrant = (id: number) => apiFetch<Grant>(`/me/grant/${id}/withdraw`, { method: 'POST' });

export function useWithdrawGrant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: withdrawGrant,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['me', 'grant'] }),
  });
}
