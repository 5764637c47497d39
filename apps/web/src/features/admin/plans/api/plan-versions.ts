import type { Plan, Programme } from '@coop/core';
import type {
  ApprovalPendingAnswer,
  IdAnswer,
  PlanPublished,
  PlanVersionList,
  PlanVersionRow,
} from '@coop/core/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../../lib/api-client';

/** GET /admin/plans/:programme: drafts, the one waiting for approval, published and superseded versions. */
export const usePlanVersions = (programme: Programme) =>
  useQuery({
    queryKey: ['admin', 'plans', programme],
    queryFn: () => apiFetch<PlanVersionList>(`/admin/plans/${programme}`),
  });

/** GET /admin/plans/:programme/drafts/:id: one version with its differences against the current one. */
export const usePlanVersion = (programme: Programme, id: number) =>
  useQuery({
    queryKey: ['admin', 'plans', programme, id],
    queryFn: () => apiFetch<PlanVersionRow>(`/admin/plans/${programme}/drafts/${id}`),
  });

/** POST /admin/plans/:programme/drafts (new) or PUT .../drafts/:id (a draft changed). */
const saveDraft = ({ programme, id, plan }: { programme: Programme; id: number | null; plan: Plan }) =>
  apiFetch<IdAnswer>(
    id === null ? `/admin/plans/${programme}/drafts` : `/admin/plans/${programme}/drafts/${id}`,
    { method: id === null ? 'POST' : 'PUT', body: plan },
  );

export function useSaveDraft() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveDraft,
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin', 'plans'] }),
  });
}

/**
 * POST .../drafts/:id/submit: a request for a second administrator (202), or the version at once with one
 * administrator; `publishAt` (ISO) asks for it to take effect at that time (decision 0062).
 */
const submitDraft = ({
  programme,
  id,
  key,
  publishAt = null,
}: {
  programme: Programme;
  id: number;
  key: string;
  publishAt?: string | null;
}) =>
  apiFetch<ApprovalPendingAnswer | PlanPublished>(`/admin/plans/${programme}/drafts/${id}/submit`, {
    method: 'POST',
    headers: { 'idempotency-key': key },
    ...(publishAt ? { body: { publishAt } } : {}),
  });

export function useSubmitDraft() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: submitDraft,
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin'] }),
  });
}

/** POST .../drafts/:id/cancel: a version scheduled for a later time becomes a draft again, before that time. */
export function useCancelScheduled() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ programme, id }: { programme: Programme; id: number }) =>
      apiFetch<IdAnswer>(`/admin/plans/${programme}/drafts/${id}/cancel`, { method: 'POST' }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin'] }),
  });
}
