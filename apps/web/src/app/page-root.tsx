import { StrictMode, useEffect, type ReactNode } from 'react';
import { PlansProvider, type CurrentPlans } from '../lib/plans-context';
import { SiteProvider, type Site } from '../lib/site-context';
import { Toasts } from '../components/ui/toast';

/** Marks the page as running once React has taken it over (what the browser tests wait for). */
function MarkRunning() {
  useEffect(() => {
    document.documentElement.dataset.running = 'true';
  }, []);
  return null;
}

/**
 * What wraps the router, the same on the server and in the browser: ids made by useId depend on the shape of
 * the tree, so any difference here would give the server's HTML ids the browser never makes.
 */
export function PageRoot({
  site,
  plans,
  children,
}: {
  site: Site;
  plans: CurrentPlans;
  children: ReactNode;
}) {
  return (
    <StrictMode>
      <SiteProvider site={site}>
        <PlansProvider plans={plans}>
          {children}
          <Toasts />
          <MarkRunning />
        </PlansProvider>
      </SiteProvider>
    </StrictMode>
  );
}
