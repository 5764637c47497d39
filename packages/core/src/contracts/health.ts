import { z } from 'zod';

/** Health checks: what a load balancer and an orchestrator ask. */
const databaseKinds = z.enum(['pglite', 'postgres']);

export const healthSchema = z.object({ status: z.literal('ok'), database: databaseKinds });
export const liveSchema = z.object({ status: z.literal('live') });
export const readySchema = z.object({ status: z.literal('ready'), database: databaseKinds });
export const notReadySchema = z.object({
  message: z.string(),
  code: z.enum(['database_unreachable', 'migrations_behind']),
});
