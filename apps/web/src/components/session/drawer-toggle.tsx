import { useEffect, useRef } from 'react';

/**
 * The hamburger of a signed-in area's top bar: opens and closes the sidebar drawer below 1024 px. It is a link to the
 * drawer, so on a page the server drew it opens the drawer (the drawer's `:target` style) before the script has run
 * (decision 0053); once React runs, the tap toggles the drawer here instead.
 */
export function DrawerToggle({
  open,
  controls,
  onToggle,
}: {
  open: boolean;
  controls: string;
  onToggle: () => void;
}) {
  // Opened before the script ran: it stays open now that React runs it (once: later the tap decides).
  const adopted = useRef(false);
  useEffect(() => {
    if (adopted.current) return;
    adopted.current = true;
    if (!open && window.location.hash === `#${controls}`) onToggle();
  }, [open, controls, onToggle]);
  return (
    <a
      href={`#${controls}`}
      role="button"
      className="flex size-11 shrink-0 items-center justify-center rounded-md hover:bg-white/10 lg:hidden"
      aria-expanded={open}
      aria-controls={controls}
      aria-label={open ? 'Close menu' : 'Open menu'}
      onClick={(event) => {
        event.preventDefault();
        onToggle();
      }}
      onKeyDown={(event) => {
        // A button answers Space as well as Enter.
        if (event.key !== ' ') return;
        event.preventDefault();
        onToggle();
      }}
    >
      <svg
        width="24"
        height="24"
        viewBox="0 0 24 24"
        aria-hidden="true"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
      >
        {open ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 6h16M4 12h16M4 18h16" />}
      </svg>
    </a>
  );
}
