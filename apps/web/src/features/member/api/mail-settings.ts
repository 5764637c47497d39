import type { MailCategory, mailSettingsSchema } from '@coop/core/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiFetch } from '../../../lib/api-client';

export type MailSettings = z.infer<typeof mailSettingsSchema>;

export const mailSettingsQuery = queryOptions({ queryKey: ['me', 'mail-settings'], queryFn: () => apiFetch<MailSettings>('/me/mail-settings') });

export const useMailSettings = () => useQuery(mailSettingsQuery);

export const updateMailSetting = (input: { category: MailCategory; enabled: boolean }) =>
  apiFetch<MailSettings>('/me/mail-settings', { method: 'PUT', body: input });

export function useUpdateMailSetting() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateMailSetting, onSuccess: (settings) => queryClient.setQueryData(mailSettingsQuery.queryKey, settings) });
}
