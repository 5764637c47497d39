import { useId } from 'react';

interface Props {
  title: string;
  caption: string;
  /** 0 to 1: how much of the ring is filled. */
  fraction: number;
  /** The figure in the ring's centre. */
  value: string;
  /** What the fill means, read beside the ring and by screen readers. */
  detail: string;
}

const RADIUS = 52;
const CIRCUMFERENCE = 2 * Math.PI * RADIUS;

/** A circular gauge as plain SVG (no chart library for two rings), exposed as a meter to assistive technology. */
export function GaugeRing({ title, caption, fraction, value, detail }: Props) {
  const id = useId();
  const filled = Math.min(1, Math.max(0, fraction));
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="flex flex-col items-center rounded-lg border border-slate-200 bg-white p-4 text-center shadow-sm"
      data-gauge={title}
    >
      <h2 id={`${id}-title`} className="text-sm font-bold tracking-wider text-slate-600 uppercase">
        {title}
      </h2>
      <div
        role="meter"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(filled * 100)}
        aria-valuetext={`${value}: ${detail}`}
        aria-labelledby={`${id}-title`}
        className="relative my-3 size-40"
      >
        <svg viewBox="0 0 120 120" className="size-full -rotate-90" aria-hidden="true">
          <circle cx="60" cy="60" r={RADIUS} fill="none" strokeWidth="12" className="stroke-slate-200" />
          <circle
            cx="60"
            cy="60"
            r={RADIUS}
            fill="none"
            strokeWidth="12"
            strokeLinecap="round"
            strokeDasharray={CIRCUMFERENCE}
            strokeDashoffset={CIRCUMFERENCE * (1 - filled)}
            className="stroke-brand-700 transition-[stroke-dashoffset] duration-700 motion-reduce:transition-none"
            opacity={filled === 0 ? 0 : 1}
          />
        </svg>
        <p
          className="absolute inset-0 flex items-center justify-center px-4 text-lg font-bold break-all text-slate-900 tabular-nums"
          data-testid="gauge-value"
        >
          {value}
        </p>
      </div>
      <p className="font-semibold text-slate-800">{caption}</p>
      <p className="mt-1 text-sm text-slate-600">{detail}</p>
    </section>
  );
}
