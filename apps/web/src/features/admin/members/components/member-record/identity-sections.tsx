import type { MemberRecord } from '@coop/core/contracts';
import { programmeName, SUSPENSION_REASON_TEXT, type SuspensionReason } from '@coop/core';
import { termsPath } from '@coop/core/contracts';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatDate, formatDateTime, naira } from '../../../../../components/display/format';
import { adminPaths, memberRecordPath } from '../../../common/admin-paths';
import { StatusBadge } from '../../../common/components/status-badge';
import { CorrectDetails } from './correct-details';
import { Facts, Nothing, RecordList, RecordSection } from './record-section';
import { adminName } from '../../../common/admin-name';

const reasonText = (reason: string) =>
  reason in SUSPENSION_REASON_TEXT ? SUSPENSION_REASON_TEXT[reason as SuspensionReason] : reason;

export function IdentitySection({ record }: { record: MemberRecord }) {
  return (
    <RecordSection id="identity" title="Identity and contact">
      <Facts
        rows={[
          ['Programme', programmeName(record.programme)],
          ['Role', record.role === 'admin' ? 'Administrator' : 'Member'],
          ['Email', `${record.email}${record.emailConfirmed ? '' : ' (not confirmed)'}`],
          ...(record.pendingEmail
            ? [
                [
                  'New email, waiting',
                  `${record.pendingEmail.email} (link sent ${formatDateTime(record.pendingEmail.requestedAt)}, works until ${formatDateTime(record.pendingEmail.expiresAt)})`,
                ] as [string, string],
              ]
            : []),
          ['Phone', record.phone],
          ['Address', record.address],
          ['Referral code', record.referralCode],
          ['Signed up', formatDateTime(record.createdAt)],
          ...(record.role === 'user'
            ? [['Terms accepted', <AcceptedTerms key="terms" record={record} />] as [string, ReactNode]]
            : []),
          ['Last sign-in', record.lastSignInAt ? formatDateTime(record.lastSignInAt) : 'Never'],
          [
            'Closure',
            record.closure.confirmedAt
              ? `Confirmed ${formatDate(record.closure.confirmedAt)}`
              : record.closure.requestedAt
                ? `Requested ${formatDate(record.closure.requestedAt)}, not confirmed`
                : 'Not requested',
          ],
        ]}
      />
      {record.status !== 'closed' && <CorrectDetails record={record} />}
    </RecordSection>
  );
}

/** The plan version whose terms the member accepted at sign-up, linked to that version's terms (decision 0060). */
function AcceptedTerms({ record }: { record: MemberRecord }) {
  const { version, acceptedAt } = record.terms;
  if (version === null) return <>Not recorded</>;
  return (
    <>
      <Link to={termsPath(record.programme, version)} className="text-brand-800 underline">
        Version {version}
      </Link>
      {acceptedAt && `, on ${formatDateTime(acceptedAt)}`}
    </>
  );
}

export function StatusHistorySection({ record }: { record: MemberRecord }) {
  return (
    <RecordSection id="status" title="Status and its history">
      <p className="flex items-center gap-2">
        Now: <StatusBadge status={record.status} />
      </p>
      {record.statusHistory.length === 0 ? (
        <Nothing>The status has never been changed.</Nothing>
      ) : (
        <RecordList
          testId="status-change"
          items={record.statusHistory}
          render={(c) => (
            <>
              <p className="font-semibold text-slate-900">
                {c.fromStatus} → {c.toStatus}
                {c.toStatus === 'suspended' && (
                  <span className="font-normal"> for {reasonText(c.reason)}</span>
                )}
              </p>
              <p className="text-sm break-words text-slate-700">“{c.note}”</p>
              <p className="text-xs text-slate-500">
                {formatDateTime(c.createdAt)} by {adminName(c.by, 'the platform')}
              </p>
            </>
          )}
        />
      )}
    </RecordSection>
  );
}

export function NetworkSection({ record }: { record: MemberRecord }) {
  return (
    <RecordSection id="network" title="Sponsor, referrals and stage">
      <Facts
        rows={[
          [
            'Sponsor',
            record.sponsor ? (
              <Link className="text-brand-800 underline" to={memberRecordPath(record.sponsor.id)}>
                {record.sponsor.fullName}
              </Link>
            ) : (
              'None (the company)'
            ),
          ],
          ['Fee paid', record.paid ? 'Yes' : 'No'],
          ['Stage', record.stageName ? `${record.stageName} (stage ${record.stage})` : 'Not placed'],
          ['Progress', record.progress?.summary ?? '—'],
          ['Wallet now', naira(record.wallet)],
        ]}
      />
      <h3 className="mt-3 font-semibold text-slate-900">
        Direct referrals ({record.directReferrals.length})
      </h3>
      {record.directReferrals.length === 0 ? (
        <Nothing>Nobody has signed up with this referral code.</Nothing>
      ) : (
        <RecordList
          testId="direct-referral"
          items={record.directReferrals}
          render={(r) => (
            <p className="flex flex-wrap justify-between gap-x-3">
              <Link
                className="font-semibold break-words text-brand-800 underline"
                to={memberRecordPath(r.id)}
              >
                {r.fullName}
              </Link>
              <span className="text-sm text-slate-600">{r.paid ? 'paid' : 'not paid'}</span>
            </p>
          )}
        />
      )}
    </RecordSection>
  );
}

export function AuditSection({ record }: { record: MemberRecord }) {
  return (
    <RecordSection
      id="audit"
      title="Audit entries about this account"
      lead={
        <Link
          to={`${adminPaths.audit}?member=${record.id}`}
          className="font-semibold text-brand-900 underline underline-offset-2"
        >
          Open in the audit log, with filters
        </Link>
      }
    >
      {record.audit.length === 0 ? (
        <Nothing>No administrative act concerns this account yet.</Nothing>
      ) : (
        <RecordList
          testId="audit-entry"
          items={record.audit}
          render={(a) => (
            <>
              <p className="font-semibold text-slate-900">{a.action.replaceAll('_', ' ')}</p>
              <p className="text-xs break-all text-slate-500">
                {formatDateTime(a.createdAt)} by {adminName(a.actor, 'the platform')}
                {Object.keys(a.details).length > 0 && ` · ${JSON.stringify(a.details)}`}
              </p>
            </>
          )}
        />
      )}
    </RecordSection>
  );
}
