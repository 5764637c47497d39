import type { MemberDetailsInput, OwnDetails, OwnDetailsChanged } from '@coop/core/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

/** pendingEmail: a new email waiting for the link mailed to it. */
export type MyDetails = OwnDetails;

/** GET /me/details: the name, phone, address and email on file. */
export const myDetailsQuery = () =>
  queryOptions({ queryKey: ['me', 'details'], queryFn: () => apiFetch<MyDetails>('/me/details') });

export const useMyDetails = () => useQuery(myDetailsQuery());

/** PUT /me/details: name, phone and address change at once; a new email when its link is followed. */
const correctMyDetails = (input: MemberDetailsInput) =>
  apiFetch<OwnDetailsChanged>('/me/details', { method: 'PUT', body: input });

export function useCorrectMyDetails() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: correctMyDetails,
    onSuccess: ({ details }) => {
      client.setQueryData(['me', 'details'], details);
      return client.invalidateQueries({ queryKey: ['me', 'data'] });
    },
  });
}
