import { textField } from '@coop/core/contracts';
import { z } from 'zod';

export const userListQuery = z.object({
  search: textField().max(100).optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

export const emailParams = z.object({ email: textField().toLowerCase().min(3).max(254) });
