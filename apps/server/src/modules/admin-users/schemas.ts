import { z } from 'zod';

export const userListQuery = z.object({
  search: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

export const emailParams = z.object({ email: z.string().trim().toLowerCase().min(3).max(254) });

