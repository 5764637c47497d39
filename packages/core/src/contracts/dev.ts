import { z } from 'zod';

/** Development seams (never mounted in production): the mails the outbox kept for an address. */
export const devMailQuery = z.object({ to: z.email() });

export const devMailListSchema = z.array(
  z.object({
    id: z.string(),
    to: z.string(),
    subject: z.string(),
    text: z.string(),
    html: z.string(),
    links: z.array(z.string()),
    createdAt: z.string(),
  }),
);
