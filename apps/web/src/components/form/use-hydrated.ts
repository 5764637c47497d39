import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/**
 * False while the page is still the server's HTML, true once React runs it. Until then the form kit's fields
 * and submit button are disabled: react-hook-form writes a field's default into it when it registers it, which
 * would wipe what a person typed early, and a form sent by the browser on its own goes as a plain GET, with the
 * password in the address.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
