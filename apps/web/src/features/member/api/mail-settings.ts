import type { MailCategory, mailSettingsSchema } from '@coop/core/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiFetch } from '../../../lib/api-client';

export type MailSettings = z.infer<typeof mailSettingsSchema>;

export const mailSettingsQuery = queryOptions({
  queryKey: ['me', 'mail-settings'],
  queryFn: () => apiFetch<MailSettings>('/me/mail-settings'),
});

export const useMailSettings = () => useQuery(mailSettingsQuery);

export const updateMailSetting = (input: { category: MailCategory; enabled: boolean }) =>
  apiFetch<MailSettings>('/me/mail-settings', { method: 'PUT', body: input });

/** The box changes at once; the server's answer then stands, and a refusal puts the box back. */
export function useUpdateMailSetting() {
  const queryClient = useQueryClient();
  const key = mailSettingsQuery.queryKey;
  return useMutation({
    mutationFn: updateMailSetting,
    onMutate: (input) => {
      const before = queryClient.getQueryData(key);
      if (before)
        queryClient.setQueryData(key, {
          settings: before.settings.map((s) =>
            s.category === input.category ? { ...s, enabled: input.enabled } : s,
          ),
        });
      return { before };
    },
    onError: (_error, _input, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before);
    },
    onSuccess: (settings) => queryClient.setQueryData(key, settings),
  });
}
