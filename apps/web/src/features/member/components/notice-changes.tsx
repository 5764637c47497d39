import { Link } from 'react-router';
import { errorMessage, FormMessage } from '../../../components/form';
import { useAcceptPrivacyNotice, usePrivacyNoticeStatus } from '../api/privacy-notice';

/**
 * Shown above every member page while the member has not accepted the privacy notice in force: what changed in each
 * version since the one they accepted, and the button that records the new one (decision 0030).
 */
export function NoticeChanges() {
  const status = usePrivacyNoticeStatus();
  const accept = useAcceptPrivacyNotice();
  const s = status.data;
  if (!s || s.acceptedVersion === s.currentVersion) return null;
  return (
    <section
      aria-labelledby="notice-changes-heading"
      className="mb-6 max-w-2xl rounded-lg border border-brand-700 bg-white p-5 shadow-sm"
      data-testid="notice-changes"
    >
      <h2 id="notice-changes-heading" className="text-lg font-semibold text-brand-900">
        Our privacy notice has changed
      </h2>
      <p className="mt-1 text-sm text-slate-700">What changed since the version you accepted:</p>
      {s.changes.map((v) => (
        <div key={v.version} className="mt-2">
          <p className="text-sm font-semibold">{`Version ${v.version}`}</p>
          <ul className="list-disc space-y-1 pl-5 text-sm">
            {v.changes.map((c) => (
              <li key={c}>{c}</li>
            ))}
          </ul>
        </div>
      ))}
      <div className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-center">
        <button
          type="button"
          disabled={accept.isPending}
          onClick={() => accept.mutate(s.currentVersion)}
          className="min-h-11 rounded-md bg-brand-800 px-5 font-semibold text-white hover:bg-brand-900 disabled:opacity-60"
        >
          {accept.isPending ? 'Saving...' : 'I have read it and accept'}
        </button>
        <Link to="/privacy" target="_blank" className="min-h-11 py-2 font-semibold text-brand-800 underline">
          Read the whole notice
        </Link>
      </div>
      {accept.isError && <FormMessage tone="error" message={errorMessage(accept.error)} />}
    </section>
  );
}
