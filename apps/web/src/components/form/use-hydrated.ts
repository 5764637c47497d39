import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/**
 * False while the page is still the server's HTML, true once React runs it. A form must not be sent by the
 * browser on its own before then: it would go as a plain GET, with the password in the address.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
