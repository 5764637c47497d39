import type { FastifyPluginAsync } from 'fastify';
import { passwordRoutes } from './password-routes';
import { secondFactorRoutes } from './second-factor-routes';
import { sessionRoutes } from './session-routes';
import { signupRoutes } from './signup-routes';

/** Every account call of the spec's section 7 except bank details, plus confirmation, refresh and sign-out. */
export const authRoutes: FastifyPluginAsync = async (app) => {
  await app.register(signupRoutes);
  await app.register(sessionRoutes);
  await app.register(passwordRoutes);
  await app.register(secondFactorRoutes);
};
