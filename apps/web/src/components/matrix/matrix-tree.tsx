import { useState } from 'react';
import type { MatrixNode, MatrixView } from '@coop/core/contracts';
import { formatDate } from '../display/format';

type Children = Map<number, (MatrixNode | undefined)[]>;

function childrenByParent(nodes: MatrixNode[]): Children {
  const map: Children = new Map();
  for (const node of nodes) {
    if (node.parentId === null || node.slot === null) continue;
    const slots = map.get(node.parentId) ?? [undefined, undefined];
    slots[node.slot] = node;
    map.set(node.parentId, slots);
  }
  return map;
}

function NodeCard({ node, own }: { node: MatrixNode; own: boolean }) {
  return (
    <div
      className={`flex min-w-0 items-center gap-3 rounded-md border p-2 ${own ? 'border-brand-700 bg-brand-50' : 'border-slate-200 bg-white'}`}
    >
      <span
        aria-hidden="true"
        className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-800 font-bold text-white"
      >
        {node.initials}
      </span>
      <span className="min-w-0">
        <span className="block font-semibold text-slate-900" data-testid="matrix-name">
          {node.name}
          {own && ' (you)'}
        </span>
        <span className="block text-sm text-slate-600">
          {node.stageName} · joined {formatDate(node.joinedAt)}
        </span>
      </span>
    </div>
  );
}

function EmptySlot() {
  return (
    <div
      className="flex items-center gap-3 rounded-md border-2 border-dashed border-slate-300 p-2 text-slate-500"
      data-testid="matrix-empty"
    >
      <span
        aria-hidden="true"
        className="flex size-10 shrink-0 items-center justify-center rounded-full border-2 border-dashed border-slate-300"
      >
        +
      </span>
      <span>Empty place</span>
    </div>
  );
}

interface BranchProps {
  node: MatrixNode;
  childrenOf: Children;
  levels: number;
  ownId: number | null;
  onOpen: (positionId: number) => void;
}

function Branch({ node, childrenOf, levels, ownId, onOpen }: BranchProps) {
  const [expanded, setExpanded] = useState(true);
  const atEdge = node.level >= levels;
  const slots = childrenOf.get(node.positionId) ?? [undefined, undefined];
  return (
    <li className="mt-2" data-testid="matrix-node" data-initials={node.initials} data-name={node.name}>
      <div className="flex items-center gap-2">
        <div className="min-w-0 flex-1">
          <NodeCard node={node} own={node.positionId === ownId} />
        </div>
        {!atEdge && (
          <button
            type="button"
            className="flex size-11 shrink-0 items-center justify-center rounded-md border border-slate-300 bg-white text-brand-900 hover:bg-brand-50"
            aria-expanded={expanded}
            aria-label={`${expanded ? 'Hide' : 'Show'} the places under ${node.name}`}
            onClick={() => setExpanded((e) => !e)}
          >
            <span aria-hidden="true">{expanded ? '−' : '+'}</span>
          </button>
        )}
        {atEdge && node.hasChildren && (
          <button
            type="button"
            className="min-h-11 shrink-0 rounded-md border border-brand-700 bg-white px-3 text-sm font-semibold text-brand-800 hover:bg-brand-50"
            aria-label={`Open the places under ${node.name}`}
            onClick={() => onOpen(node.positionId)}
          >
            Open
          </button>
        )}
      </div>
      {!atEdge && expanded && (
        <ul className="ml-5 border-l-2 border-slate-200 pl-3">
          {slots.map((child, slot) =>
            child ? (
              <Branch
                key={child.positionId}
                node={child}
                childrenOf={childrenOf}
                levels={levels}
                ownId={ownId}
                onOpen={onOpen}
              />
            ) : (
              <li key={`empty-${slot}`} className="mt-2">
                <EmptySlot />
              </li>
            ),
          )}
        </ul>
      )}
    </li>
  );
}

/**
 * A matrix as an indented tree (readable on a phone): two places under each position, empty ones shown, each
 * person by first name and surname initial. Shared by the member's matrix page and the admin member record.
 */
export function MatrixTree({
  view,
  ownId,
  onOpen,
  label = 'Your matrix',
}: {
  view: MatrixView;
  ownId: number | null;
  onOpen: (positionId: number) => void;
  label?: string;
}) {
  const root = view.nodes.find((n) => n.level === 0);
  if (!root) return null;
  const childrenOf = childrenByParent(view.nodes);
  return (
    <ul aria-label={label} className="-mt-2">
      <Branch node={root} childrenOf={childrenOf} levels={view.levels} ownId={ownId} onOpen={onOpen} />
    </ul>
  );
}
