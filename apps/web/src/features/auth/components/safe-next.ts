/** A `?next=` path to return to after signing in: same-site paths only, so a link cannot send people elsewhere. */
export function safeNext(next: string | null, fallback: string): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return fallback;
  return next;
}
