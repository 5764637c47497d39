import type { MailBacklog as Backlog } from '@coop/core/contracts';
import { Link } from 'react-router';
import { formatDateTime } from '../../../../components/display/format';
import { QueryState } from '../../../../components/display/query-state';
import { adminPaths } from '../../common/admin-paths';
import { useMailBacklog } from '../api/get-mail-backlog';

/** A mail normally goes within seconds: one waiting longer than this means the mail server is slow or away. */
const STUCK_SECONDS = 10 * 60;

const mails = (n: number) => `${n} mail${n === 1 ? '' : 's'}`;

/** "4 min", "1 h 5 min", "2 days 3 h": how long the oldest mail has waited. */
function waitedFor(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  if (minutes < 1) return 'less than a minute';
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h${minutes % 60 ? ` ${minutes % 60} min` : ''}`;
  return `${Math.floor(hours / 24)} days${hours % 24 ? ` ${hours % 24} h` : ''}`;
}

function BacklogText({ backlog: b }: { backlog: Backlog }) {
  const stuck = b.waiting > 0 && b.oldestWaitingSeconds >= STUCK_SECONDS;
  const tone = stuck ? 'border-amber-400 bg-amber-50' : 'border-slate-200 bg-white';
  return (
    <Link
      to={`${adminPaths.mails}?status=${b.waiting > 0 || b.failed === 0 ? 'queued' : 'failed'}`}
      className={`block rounded-lg border p-4 shadow-sm hover:border-brand-700 ${tone}`}
      data-testid="mail-backlog"
    >
      <p className="text-sm font-semibold text-slate-700">Mails waiting to go</p>
      <p className="mt-1 text-2xl font-bold text-slate-900 tabular-nums" data-testid="mail-backlog-waiting">
        {b.waiting}
      </p>
      {b.waiting === 0 ? (
        <p className="mt-1 text-sm text-slate-600">Every mail has gone to the mail server.</p>
      ) : (
        <p
          className={`mt-1 text-sm ${stuck ? 'text-amber-950' : 'text-slate-600'}`}
          data-testid="mail-backlog-oldest"
        >
          The oldest has waited {waitedFor(b.oldestWaitingSeconds)} (queued{' '}
          {formatDateTime(b.oldestWaitingSince!)})
          {b.nextAttemptAt && `; next try ${formatDateTime(b.nextAttemptAt)}`}.
          {stuck &&
            ' Members are not getting their mails: check the mail server (SMTP_URL). Waiting mails go by themselves, once each, when it answers.'}
        </p>
      )}
      {b.waiting > 0 && b.lastError && (
        <p className="mt-1 text-sm break-words text-slate-700">Last error: {b.lastError}</p>
      )}
      {b.failed > 0 && (
        <p className="mt-1 text-sm font-semibold text-red-800">
          {mails(b.failed)} failed for good: send them again from Mails.
        </p>
      )}
      <span className="mt-2 inline-block text-sm font-semibold text-brand-900 underline underline-offset-2">
        See the mails
      </span>
    </Link>
  );
}

/** The mail queue on the dashboard (decision 0046): a mail server that is down shows here as a growing backlog. */
export function MailBacklog() {
  const backlog = useMailBacklog();
  return (
    <QueryState query={backlog} label="the mail queue">
      {(b) => <BacklogText backlog={b} />}
    </QueryState>
  );
}
