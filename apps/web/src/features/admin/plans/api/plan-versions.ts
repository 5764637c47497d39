import type { Plan, Programme } from '@coop/core';
import type { ApprovalPendingAnswer, IdAnswer, PlanVersionList, PlanVersionRow } from '@coop/core/contracts';
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

/** POST .../drafts/:id/submit: a request for a second administrator (202), or the version at once with one administrator. */
const submitDraft = ({ programme, id, key }: { programme: Programme; id: number; key: string }) =>
  apiFetch<ApprovalPendingAnswer | { version: number }>(`/admin/plans/${programme}/drafts/${id}/submit`, {
    method: 'POST',
    headers: { 'idempotency-key': key },
  });

export function useSubmitDraft() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: submitDraft,
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin'] }),
  });
}
