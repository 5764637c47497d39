import type { MessageAnswer } from '@coop/core/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

export const requestClosure = () => apiFetch<MessageAnswer>('/me/close', { method: 'POST' });

export function useRequestClosure() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestClosure,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['me', 'closure'] }),
  });
}
