import type { FastifyPluginAsync } from 'fastify';
import { cashOutRoutes } from './cash-outs/routes';
import { devRoutes } from './dev/routes';
import { healthRoutes } from './health/routes';
import { siteRoutes } from './site/routes';

/** Every API area, mounted under /api. Add a module here to expose it. */
export const apiModules: FastifyPluginAsync[] = [healthRoutes, siteRoutes, devRoutes, cashOutRoutes];
