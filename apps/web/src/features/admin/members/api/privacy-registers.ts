import type {
  AnswerPrivacyRequestInput,
  Breach,
  BreachList,
  BreachNoticeInput,
  NewBreachInput,
  NewPrivacyRequestInput,
  PrivacyRequestList,
  BreachNoticed,
  MessageAnswer,
} from '@coop/core/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../../lib/api-client';

/** A form's local date and time ("2026-11-26T10:00", the browser's zone) as the instant the API keeps. */
export const instant = (local: string) => new Date(local).toISOString();

const requestsKey = ['admin', 'privacy-requests'];
const breachesKey = ['admin', 'breaches'];

/** GET /admin/privacy/requests: the register of members' requests, with the date each answer is due. */
export const useRequestsRegister = () =>
  useQuery(
    queryOptions({
      queryKey: requestsKey,
      queryFn: () => apiFetch<PrivacyRequestList>('/admin/privacy/requests'),
    }),
  );

/** GET /admin/privacy/breaches: the breach register with the 72-hour deadline. */
export const useBreachRegister = () =>
  useQuery(
    queryOptions({ queryKey: breachesKey, queryFn: () => apiFetch<BreachList>('/admin/privacy/breaches') }),
  );

function useRegisterMutation<I, O>(key: string[], call: (input: I) => Promise<O>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: () => client.invalidateQueries({ queryKey: key }) });
}

/** POST /admin/privacy/requests */
export const useEnterRequest = () =>
  useRegisterMutation(requestsKey, (input: NewPrivacyRequestInput) =>
    apiFetch<MessageAnswer>('/admin/privacy/requests', {
      method: 'POST',
      body: { ...input, receivedAt: instant(input.receivedAt) },
    }),
  );

/** PUT /admin/privacy/requests/:id */
export const useAnswerRequest = () =>
  useRegisterMutation(requestsKey, ({ id, input }: { id: number; input: AnswerPrivacyRequestInput }) =>
    apiFetch<MessageAnswer>(`/admin/privacy/requests/${id}`, { method: 'PUT', body: input }),
  );

/** POST /admin/privacy/breaches */
export const useRecordBreach = () =>
  useRegisterMutation(breachesKey, (input: NewBreachInput) =>
    apiFetch<Breach>('/admin/privacy/breaches', {
      method: 'POST',
      body: { ...input, foundAt: instant(input.foundAt) },
    }),
  );

/** PUT /admin/privacy/breaches/:id: the Commission was told now. */
export const useCommissionTold = () =>
  useRegisterMutation(breachesKey, (id: number) =>
    apiFetch<Breach>(`/admin/privacy/breaches/${id}`, {
      method: 'PUT',
      body: { commissionToldAt: new Date().toISOString() },
    }),
  );

/** POST /admin/privacy/breaches/:id/notify: the breach notice to the affected members, through the mail queue. */
export const useNotifyBreachMembers = () =>
  useRegisterMutation(breachesKey, ({ id, input }: { id: number; input: BreachNoticeInput }) =>
    apiFetch<BreachNoticed>(`/admin/privacy/breaches/${id}/notify`, {
      method: 'POST',
      body: input,
    }),
  );
