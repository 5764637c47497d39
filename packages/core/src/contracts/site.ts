import { z } from 'zod';

/** The short, explicit list of configuration the browser may see: the site's identity, nothing else. */
export const siteSchema = z.object({
  name: z.string(),
  shortName: z.string(),
  address: z.string(),
  email: z.string(),
  phones: z.array(z.string()),
  social: z.object({ facebook: z.string(), twitter: z.string(), instagram: z.string() }),
  publicUrl: z.string(),
});
export type Site = z.infer<typeof siteSchema>;
