import type { EmailChangeConfirmed } from '@coop/core/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

/** POST /api/auth/confirm-email-change, held as a query keyed by the token so the page sends it once. */
export const confirmEmailChangeQuery = (token: string) =>
  queryOptions({
    queryKey: ['confirm-email-change', token],
    queryFn: () =>
      apiFetch<EmailChangeConfirmed>('/auth/confirm-email-change', {
        method: 'POST',
        body: { token },
        token: null,
      }),
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
  });
