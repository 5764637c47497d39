import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../../lib/api-client';
import type { AdminAward } from '../../common/types';

/** PUT /admin/awards/:id/delivered: the award was handed over (once; audited). */
export const deliverAward = (id: number) =>
  apiFetch<AdminAward>(`/admin/awards/${id}/delivered`, { method: 'PUT' });

export function useDeliverAward() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deliverAward,
    onSettled: () => client.invalidateQueries({ queryKey: ['admin', 'awards'] }),
  });
}
