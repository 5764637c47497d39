import type { Site } from '@coop/core/contracts';
import { createContext, useContext, type ReactNode } from 'react';

export type { Site };

/**
 * The site's identity (name, address, phones, social links). The server writes it into every page it sends, so
 * the first paint already shows it and no page waits on a call for it; the server renderer passes it in directly.
 */
const SiteContext = createContext<Site | null>(null);

export function SiteProvider({ site, children }: { site: Site; children: ReactNode }) {
  return <SiteContext.Provider value={site}>{children}</SiteContext.Provider>;
}

export function useSite(): Site {
  const site = useContext(SiteContext);
  if (!site) throw new Error('useSite is used outside SiteProvider');
  return site;
}
