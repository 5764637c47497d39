import type { grantApplicationSchema } from '@coop/core/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiFetch } from '../../../lib/api-client';
import type { Grant } from '../types';

export type GrantApplicationInput = z.input<typeof grantApplicationSchema>;

export const applyGrant = (input: GrantApplicationInput) =>
  apiFetch<Grant>('/me/grant', { method: 'POST', body: input });

export function useApplyGrant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: applyGrant,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['me', 'grant'] }),
  });
}
