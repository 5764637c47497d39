import { z } from 'zod';

export const awardListQuery = z.object({
  status: z.enum(['pending', 'delivered'], { message: 'status must be pending or delivered' }).optional(),
  programme: z.enum(['main', 'welcomeback'], { message: 'programme must be main or welcomeback' }).optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

export const awardParams = z.object({ id: z.coerce.number().int().positive() });
