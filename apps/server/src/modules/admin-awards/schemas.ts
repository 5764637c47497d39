import { z } from 'zod';

export const errorSchema = z.object({ message: z.string(), code: z.string().optional() });

export const awardListQuery = z.object({
  status: z.enum(['pending', 'delivered'], { message: 'status must be pending or delivered' }).optional(),
  programme: z.enum(['main', 'welcomeback'], { message: 'programme must be main or welcomeback' }).optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

export const awardParams = z.object({ id: z.coerce.number().int().positive() });

export const adminAwardSchema = z.object({
  id: z.number(),
  programme: z.enum(['main', 'welcomeback']),
  fullName: z.string(),
  email: z.string(),
  kind: z.string(),
  label: z.string().describe("the plan's name of the award"),
  stage: z.number(),
  installment: z.number().describe('1, or the year of a yearly award such as the Golden Crown annual award'),
  value: z.string().describe('naira, as a decimal string'),
  description: z.string(),
  status: z.enum(['pending', 'delivered']),
  createdAt: z.string(),
  deliveredAt: z.string().nullable(),
});

export const awardListSchema = z.object({ page: z.number(), pageSize: z.number(), total: z.number(), items: z.array(adminAwardSchema) });
