import { formatNaira, parseNairaString } from '@coop/core';

/** The server sends naira as decimal strings ("30000.00"); people read "₦30,000". The one money formatter. */
export function naira(amount: string): string {
  return formatNaira(parseNairaString(amount));
}

const dateFormat = new Intl.DateTimeFormat('en-NG', { day: 'numeric', month: 'short', year: 'numeric' });
const dateTimeFormat = new Intl.DateTimeFormat('en-NG', { day: 'numeric', month: 'short', year: 'numeric', hour: 'numeric', minute: '2-digit' });

export const formatDate = (iso: string) => dateFormat.format(new Date(iso));
export const formatDateTime = (iso: string) => dateTimeFormat.format(new Date(iso));
