import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/**
 * False while the page is still the server's HTML, true once React runs it. Until then the form kit's fields
 * and submit button are disabled: react-hook-form sets each field to its default when it starts, which would
 * wipe what a person typed early, and a form sent by the browser on its own goes as a plain GET, with the
 * password in the address.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
