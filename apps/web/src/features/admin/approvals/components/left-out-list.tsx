import type { Approval } from '@coop/core/contracts';

/** Who approval did not pay because they changed after the request, and why. */
export function LeftOutList({ leftOut }: { leftOut: Approval['leftOut'] }) {
  if (leftOut.length === 0) return null;
  return (
    <div
      className="mt-2 rounded-md border border-amber-900/30 bg-amber-50 p-3 text-sm"
      data-testid="approval-left-out"
    >
      <p className="font-semibold text-amber-900">Left out, because they changed after the request:</p>
      <ul className="mt-1 list-disc space-y-1 pl-5 text-slate-800">
        {leftOut.map((line, i) => (
          <li key={i} className="break-words">
            <span className="font-semibold">{line.fullName}</span>: {line.reason}
          </li>
        ))}
      </ul>
    </div>
  );
}
