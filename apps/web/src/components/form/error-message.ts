import { ApiError } from '../../lib/api-client';

/** What to tell the person when a call failed: the server's own message, or a plain fallback. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  return 'Something went wrong. Please try again.';
}

/** The stable code some failures carry beside their message (for example `email_unconfirmed`). */
export function errorCode(error: unknown): string | undefined {
  if (
    !(error instanceof ApiError) ||
    !error.body ||
    typeof error.body !== 'object' ||
    !('code' in error.body)
  )
    return undefined;
  return typeof error.body.code === 'string' ? error.body.code : undefined;
}
