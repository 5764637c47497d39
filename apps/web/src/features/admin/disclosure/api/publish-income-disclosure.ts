import type { Programme } from '@coop/core';
import type { IncomeDisclosure } from '@coop/core/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../../lib/api-client';

/** PUT /admin/income-disclosure/:programme/:year/publication: on the public site or off it (audited). */
export const publishIncomeDisclosure = ({
  programme,
  year,
  published,
}: {
  programme: Programme;
  year: number;
  published: boolean;
}) =>
  apiFetch<IncomeDisclosure>(`/admin/income-disclosure/${programme}/${year}/publication`, {
    method: 'PUT',
    body: { published },
  });

export function usePublishIncomeDisclosure() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: publishIncomeDisclosure,
    onSuccess: (statement) =>
      client.setQueryData(['admin', 'income-disclosure', statement.programme, statement.year], statement),
  });
}
