import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MemberCorrected, MemberCorrectionInput } from '@coop/core/contracts';
import { apiFetch } from '../../../../lib/api-client';

/** PUT /admin/members/:id/details (audited): answers what was done and the record as it now is. */
export const correctMember = ({ id, input }: { id: string; input: MemberCorrectionInput }) =>
  apiFetch<MemberCorrected>(`/admin/members/${encodeURIComponent(id)}/details`, {
    method: 'PUT',
    body: input,
  });

export function useCorrectMember() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: correctMember,
    onSuccess: ({ record }) => client.setQueryData(['admin', 'member', record.id], record),
  });
}
