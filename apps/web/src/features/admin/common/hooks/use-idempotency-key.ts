import { useCallback, useRef } from 'react';

/**
 * One Idempotency-Key per intended request: the same values sent again (a double click, a retry after a lost
 * answer) reuse the key, so the server acts once; other values, or a new request after a success, get a new key.
 */
export function useIdempotencyKey() {
  const current = useRef<{ signature: string; key: string } | null>(null);
  const keyFor = useCallback((signature: string) => {
    if (current.current?.signature !== signature) current.current = { signature, key: crypto.randomUUID() };
    return current.current.key;
  }, []);
  const done = useCallback(() => {
    current.current = null;
  }, []);
  return { keyFor, done };
}
