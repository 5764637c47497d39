import { QRCodeSVG } from 'qrcode.react';
import { useState } from 'react';
import { canUseShareSheet, shareTargets } from './share-links';

/** The referral code and its share link: copy, share to the networks, the phone's share sheet, and a QR code. */
export function SharePanel({ code, link, siteName }: { code: string; link: string; siteName: string }) {
  const [copied, setCopied] = useState<string | null>(null);
  const text = `Join ${siteName} with my referral code ${code}.`;
  const copy = async (value: string, what: string) => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(`${what} copied.`);
    } catch {
      setCopied(`Copy did not work here. Select the ${what.toLowerCase()} and copy it yourself.`);
    }
  };
  const button =
    'min-h-11 rounded-md border border-brand-700 bg-white px-4 font-semibold text-brand-800 hover:bg-brand-50';
  return (
    <div className="grid gap-5 lg:grid-cols-[1fr_auto]">
      <section
        aria-label="Your referral code"
        className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm"
      >
        <h2 className="text-sm font-semibold tracking-wider text-slate-600 uppercase">Your referral code</h2>
        <p
          className="mt-1 font-mono text-3xl font-bold tracking-widest text-brand-900"
          data-testid="referral-code"
        >
          {code}
        </p>
        <div className="mt-3 flex flex-wrap gap-2">
          <button type="button" className={button} onClick={() => void copy(code, 'Code')}>
            Copy code
          </button>
          <button type="button" className={button} onClick={() => void copy(link, 'Link')}>
            Copy link
          </button>
          {canUseShareSheet() && (
            <button
              type="button"
              className={button}
              onClick={() =>
                void navigator.share({ title: siteName, text, url: link }).catch(() => undefined)
              }
            >
              Share...
            </button>
          )}
        </div>
        <p role="status" className="mt-2 min-h-5 text-sm text-brand-800">
          {copied}
        </p>
        <h2 className="mt-4 text-sm font-semibold tracking-wider text-slate-600 uppercase">
          Your share link
        </h2>
        <p className="mt-1 break-all text-slate-800" data-testid="share-link">
          {link}
        </p>
        <ul className="mt-4 flex flex-wrap gap-2" aria-label="Share on">
          {shareTargets(link, text).map((target) => (
            <li key={target.name}>
              <a
                href={target.href}
                target={target.newTab ? '_blank' : undefined}
                rel="noopener noreferrer"
                className="inline-flex min-h-11 items-center rounded-md bg-brand-800 px-4 font-semibold text-white hover:bg-brand-900"
              >
                {target.name}
                {target.newTab && <span className="sr-only"> (opens in a new tab)</span>}
              </a>
            </li>
          ))}
        </ul>
      </section>
      <figure className="flex flex-col items-center rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
        <QRCodeSVG value={link} size={176} marginSize={2} title={`QR code of ${link}`} />
        <figcaption className="mt-2 max-w-44 text-center text-sm text-slate-600">
          Scan to open your sign-up link on a phone.
        </figcaption>
      </figure>
    </div>
  );
}
