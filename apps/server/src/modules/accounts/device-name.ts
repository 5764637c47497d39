import Bowser from 'bowser';

/**
 * A browser's user-agent string in words, as a member reads it on My Data: "Chrome on Android" (issue 38). Parsed
 * here on the server with bowser (MIT; ua-parser-js 2 is AGPL), so the phone downloads no parser. The raw string
 * stays in the export beside it: it is what we hold.
 */
export function deviceName(userAgent: string): string {
  if (!userAgent.trim()) return 'an unknown browser';
  const parsed = Bowser.parse(userAgent);
  // bowser answers '' (not undefined) for what it cannot name.
  const browser = parsed.browser.name || null;
  const os = parsed.os.name || null;
  if (browser && os) return `${browser} on ${os}`;
  return browser ?? (os ? `a browser on ${os}` : 'an unknown browser');
}
