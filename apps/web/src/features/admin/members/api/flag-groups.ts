import type { ClearFlagGroupInput, FraudFlagGroup, FlagGroupCleared } from '@coop/core/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../../lib/api-client';

/** GET /admin/flag-groups: open signals raised together (everyone from one address within one hour). */
export const getFlagGroups = () => apiFetch<{ items: FraudFlagGroup[] }>('/admin/flag-groups');

export const flagGroupsQuery = () =>
  queryOptions({ queryKey: ['admin', 'flags', 'groups'], queryFn: getFlagGroups });

export function useFlagGroups() {
  return useQuery(flagGroupsQuery());
}

/** POST /admin/flag-groups/clear: every open signal of the group, with one note (each one audited). */
export const clearFlagGroup = (body: ClearFlagGroupInput) =>
  apiFetch<FlagGroupCleared>('/admin/flag-groups/clear', { method: 'POST', body });

export function useClearFlagGroup() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: clearFlagGroup,
    onSuccess: async () => {
      await Promise.all([
        client.invalidateQueries({ queryKey: ['admin', 'flags'] }),
        client.invalidateQueries({ queryKey: ['admin', 'member'] }),
      ]);
    },
  });
}
