import { Link, useParams } from 'react-router';
import { formatDateTime, naira } from '../../../../components/display/format';
import { QueryState } from '../../../../components/display/query-state';
import { useSession } from '../../../../components/session/use-session';
import { adminPaths } from '../../common/admin-paths';
import { AdminPageTitle } from '../../common/components/admin-page-title';
import { useApproval } from '../api/get-approval';
import { ApprovalCard, paymentsCount } from '../components/approval-card';
import { PreviewLines } from '../components/preview-lines';

/** One request and the preview its maker saw, frozen when asked: what approval pays, line by line. */
export function ApprovalPage() {
  const id = Number(useParams().id);
  const detail = useApproval(id);
  const user = useSession()?.user;
  return (
    <>
      <p className="mb-2">
        <Link to={adminPaths.approvals} className="font-semibold text-brand-900 underline underline-offset-2">
          ← Approvals
        </Link>
      </p>
      <QueryState query={detail} label={`approval request #${id}`}>
        {({ approval, preview }) => (
          <div className="space-y-4">
            <AdminPageTitle
              lead={`What ${approval.maker.fullName} saw on ${formatDateTime(approval.createdAt)}, kept with the request. Approving pays exactly this list; anyone whose wallet, bank details or review changed since is left out and listed.`}
            >
              Request #{approval.id}
            </AdminPageTitle>
            <ul>
              <ApprovalCard approval={approval} viewerId={user?.id} showPreviewLink={false} />
            </ul>
            {preview ? (
              <section aria-labelledby="frozen-preview">
                <h2 id="frozen-preview" className="mb-2 text-lg font-semibold text-slate-900">
                  {paymentsCount(preview.count)} · {naira(preview.total)}
                </h2>
                <PreviewLines lines={preview.lines} />
              </section>
            ) : (
              <p className="text-slate-600">This request moves no money: there is no list of payments.</p>
            )}
          </div>
        )}
      </QueryState>
    </>
  );
}
