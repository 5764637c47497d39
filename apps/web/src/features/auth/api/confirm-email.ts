import type { EmailConfirmed } from '@coop/core/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

/**
 * POST /api/auth/confirm-email. Held as a query keyed by the token so the page sends it once, even when
 * React mounts it twice; a used token answers with its own message.
 */
export const confirmEmailQuery = (token: string) =>
  queryOptions({
    queryKey: ['confirm-email', token],
    queryFn: () =>
      apiFetch<EmailConfirmed>('/auth/confirm-email', {
        method: 'POST',
        body: { token },
        token: null,
      }),
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
  });
