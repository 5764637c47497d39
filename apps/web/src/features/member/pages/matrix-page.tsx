import { useSearchParams } from 'react-router';
import { useMatrix } from '../api/get-matrix';
import { useMe } from '../api/get-me';
import { MatrixTree } from '../../../components/matrix/matrix-tree';
import { DownlineSearch } from '../components/downline-search';
import { MemberPageTitle } from '../components/member-page-title';
import { PayCallToAction } from '../components/pay-call-to-action';
import { QueryState } from '../../../components/display/query-state';
import { useMemberArea } from '../hooks/use-member-area';
import type { MatrixView } from '../types';

function NextLevel({ next }: { next: NonNullable<MatrixView['nextLevel']> }) {
  return (
    <p
      className="mb-4 rounded-lg border-2 border-accent-400 bg-amber-50 p-4 text-slate-900"
      data-testid="matrix-next-level"
    >
      <strong>Level {next.level} is the level to fill next:</strong> {next.emptyPlaces} empty{' '}
      {next.emptyPlaces === 1 ? 'place' : 'places'} of {2 ** next.level}. Each person who joins under you
      takes the first empty place, left to right.
    </p>
  );
}

export function MatrixPage() {
  const area = useMemberArea();
  const [params, setParams] = useSearchParams();
  const from = Number(params.get('from')) || null;
  const query = useMatrix(from);
  const me = useMe(area.programme);
  const open = (id: number) => setParams({ from: String(id) });
  return (
    <>
      <MemberPageTitle
        title="My Matrix"
        lead={
          me.data?.paid
            ? `${me.data.referralNode} ${me.data.referralNode === 1 ? 'person' : 'people'} in your matrix, ${me.data.referralCount} of them referred by you. Each place holds two.`
            : 'The people placed under you, three levels at a time.'
        }
      />
      <QueryState query={query} label="your matrix">
        {(view) =>
          !view.paid ? (
            <PayCallToAction area={area} />
          ) : (
            <>
              {view.nextLevel && <NextLevel next={view.nextLevel} />}
              {me.data && me.data.referralNode > 0 && <DownlineSearch onOpen={open} />}
              <div className="rounded-lg border border-slate-200 bg-white p-3 sm:p-5">
                {from && (
                  <button
                    type="button"
                    onClick={() => setParams({})}
                    className="mb-3 min-h-11 rounded-md border border-slate-300 px-4 font-semibold text-brand-900 hover:bg-brand-50"
                  >
                    ← Back to my place
                  </button>
                )}
                <MatrixTree view={view} ownId={from ? null : view.rootPositionId} onOpen={open} />
              </div>
            </>
          )
        }
      </QueryState>
    </>
  );
}
