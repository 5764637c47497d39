import type { Site } from '@coop/core/contracts';
import type { Config } from '../config';

/** What the browser may know of the site: served by GET /api/site and written into every page the server sends. */
export const publicSite = (config: Config): Site => ({ ...config.site, publicUrl: config.publicUrl });
