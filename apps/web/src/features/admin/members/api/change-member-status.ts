import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MemberRecord, ReinstateAccountInput, SuspendAccountInput } from '@coop/core/contracts';
import { apiFetch } from '../../../../lib/api-client';

export type StatusChange = { id: string } & (
  { action: 'suspend'; input: SuspendAccountInput } | { action: 'reinstate'; input: ReinstateAccountInput }
);

/** POST /admin/members/:id/suspend or /reinstate (audited); answers the record as it now is. */
export const changeMemberStatus = ({ id, action, input }: StatusChange) =>
  apiFetch<MemberRecord>(`/admin/members/${encodeURIComponent(id)}/${action}`, {
    method: 'POST',
    body: input,
  });

export function useChangeMemberStatus() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: changeMemberStatus,
    onSuccess: (record) => {
      client.setQueryData(['admin', 'member', record.id], record);
      void client.invalidateQueries({ queryKey: ['admin', 'inactive'] });
    },
  });
}
