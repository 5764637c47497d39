import { textField } from '@coop/core/contracts';
import { z } from 'zod';

/** PUT /api/admin/grants/:id */
export const grantDecisionSchema = z.strictObject({
  decision: z.enum(['approved', 'declined'], { message: 'Choose approved or declined' }),
  note: textField({ multiLine: true }).max(1000, 'Use at most 1000 characters').optional(),
});
