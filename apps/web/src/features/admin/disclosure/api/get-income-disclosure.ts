import type { Programme } from '@coop/core';
import type { IncomeDisclosure } from '@coop/core/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../../lib/api-client';

/** GET /admin/income-disclosure: a programme's statement for a year, whether published or not. */
export const incomeDisclosureQuery = (programme: Programme, year: number) =>
  queryOptions({
    queryKey: ['admin', 'income-disclosure', programme, year],
    queryFn: () => apiFetch<IncomeDisclosure>(`/admin/income-disclosure?programme=${programme}&year=${year}`),
  });

export const useIncomeDisclosure = (programme: Programme, year: number) =>
  useQuery(incomeDisclosureQuery(programme, year));
