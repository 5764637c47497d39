import { z } from 'zod';

/** The member area's answers are declared in @coop/core/contracts (member-responses.ts), shared with the client. */
export const programmeQuery = z.enum(['main', 'welcomeback'], {
  message: 'programme must be main or welcomeback',
});
