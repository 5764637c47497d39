import type { PrivacyNoticeStatus, PrivacyNoticeAccepted } from '@coop/core/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

export const PRIVACY_NOTICE_PATH = '/me/privacy-notice';

/** GET /me/privacy-notice: the version accepted, the one in force, and what changed since. */
export const privacyNoticeQuery = () =>
  queryOptions({
    queryKey: ['me', 'privacy-notice'],
    queryFn: () => apiFetch<PrivacyNoticeStatus>(PRIVACY_NOTICE_PATH),
    staleTime: Infinity,
  });

export const usePrivacyNoticeStatus = () => useQuery(privacyNoticeQuery());

/** POST /me/privacy-notice: records the version in force as accepted. */
const acceptPrivacyNotice = (version: string) =>
  apiFetch<PrivacyNoticeAccepted>('/me/privacy-notice', { method: 'POST', body: { version } });

export function useAcceptPrivacyNotice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: acceptPrivacyNotice,
    onSuccess: () => client.invalidateQueries({ queryKey: ['me', 'privacy-notice'] }),
  });
}
