import { formatNaira, parseNairaString } from '@coop/core';

/** The server sends naira as decimal strings ("30000.00"); people read "₦30,000". The one money formatter. */
export function naira(amount: string): string {
  return formatNaira(parseNairaString(amount));
}

/** Where the members are: the zone a page's dates are drawn in when the server does not know the reader's. */
export const MEMBERS_TIME_ZONE = 'Africa/Lagos';

const inBrowser = typeof window !== 'undefined';
const formats = new Map<string, { date: Intl.DateTimeFormat; dateTime: Intl.DateTimeFormat }>();
function formatsIn(timeZone: string | undefined) {
  const key = timeZone ?? '';
  let kept = formats.get(key);
  if (!kept) {
    kept = {
      date: new Intl.DateTimeFormat('en-NG', { day: 'numeric', month: 'short', year: 'numeric', timeZone }),
      dateTime: new Intl.DateTimeFormat('en-NG', {
        day: 'numeric',
        month: 'short',
        year: 'numeric',
        hour: 'numeric',
        minute: '2-digit',
        timeZone,
      }),
    };
    formats.set(key, kept);
  }
  return kept;
}

// Dates read in the reader's own zone. The browser knows it; the server, drawing a member's page (decision 0037), is
// told it by the page's `tz` cookie and draws in it, so the browser takes the page over without a difference.
let drawingZone = MEMBERS_TIME_ZONE;
const zoneNow = () => (inBrowser ? undefined : drawingZone);

/** Draws (on the server) with dates in this zone; rendering is synchronous, so no other page's drawing sees it. */
export function drawDatesIn<T>(timeZone: string, draw: () => T): T {
  const before = drawingZone;
  drawingZone = timeZone;
  try {
    return draw();
  } finally {
    drawingZone = before;
  }
}

export const formatDate = (iso: string) => formatsIn(zoneNow()).date.format(new Date(iso));
export const formatDateTime = (iso: string) => formatsIn(zoneNow()).dateTime.format(new Date(iso));
