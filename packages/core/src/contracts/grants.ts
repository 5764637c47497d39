import { z } from 'zod';
import { adminGrantSchema } from './admin-responses';
import { textField } from './fields';
import { grantSchema } from './member-responses';
import { plainPageQuerySchema } from './params';
import { pageOf } from './responses';

/** Grants: the member's applications and the administrators' decisions (the application itself is in member.ts). */

/** GET /me/grant */
export const myGrantsSchema = z.object({ ceiling: z.string(), applications: z.array(grantSchema) });
export type MyGrants = z.infer<typeof myGrantsSchema>;

export const grantStatuses = ['pending', 'approved', 'declined', 'withdrawn'] as const;

/** GET /admin/grants */
export const grantListQuerySchema = z.object({
  status: z.enum(grantStatuses).optional(),
  ...plainPageQuerySchema.shape,
});
export const adminGrantPageSchema = pageOf(adminGrantSchema);

/** PUT /api/admin/grants/:id */
export const grantDecisionSchema = z.strictObject({
  decision: z.enum(['approved', 'declined'], { message: 'Choose approved or declined' }),
  note: textField({ multiLine: true }).max(1000, 'Use at most 1000 characters').optional(),
});
export type GrantDecisionInput = z.input<typeof grantDecisionSchema>;
