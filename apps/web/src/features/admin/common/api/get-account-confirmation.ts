import type { Programme } from '@coop/core';
import type { AccountForConfirmation } from '@coop/core/contracts';
import { apiFetch } from '../../../../lib/api-client';

/** GET /admin/accounts/confirm: who a cash-out or role change is for, read fresh before it is sent. */
export const getAccountForConfirmation = (programme: Programme, email: string) =>
  apiFetch<AccountForConfirmation>(
    `/admin/accounts/confirm?programme=${programme}&email=${encodeURIComponent(email)}`,
  );
