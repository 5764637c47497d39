import { useEffect, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { loginLinks, navLinks } from './nav-links';

/** The public navigation bar (spec 2.3): a hamburger menu below 1024 px that closes when an entry is chosen or on Escape. */
export function Navbar() {
  const [open, setOpen] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();

  // A navigation by any means (back button, a link in the page) closes the menu too.
  useEffect(() => setOpen(false), [pathname]);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      toggle.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white">
      <nav
        aria-label="Main"
        className="relative mx-auto flex max-w-6xl items-center justify-between gap-4 px-4 py-2"
      >
        <Link
          to="/"
          className="flex min-h-11 items-center gap-2 font-bold text-brand-900"
          aria-label="Home"
          onClick={() => setOpen(false)}
        >
          <img src="/logo.svg" alt="" width="40" height="40" />
        </Link>
        <button
          ref={toggle}
          type="button"
          className="flex size-11 items-center justify-center rounded-md text-brand-900 hover:bg-brand-50 lg:hidden"
          aria-expanded={open}
          aria-controls="nav-menu"
          aria-label={open ? 'Close menu' : 'Open menu'}
          onClick={() => setOpen((o) => !o)}
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
        </button>
        <ul
          id="nav-menu"
          className={`${open ? 'flex' : 'hidden'} absolute inset-x-0 top-full flex-col gap-1 border-b border-slate-200 bg-white px-4 pb-4 shadow-lg lg:static lg:flex lg:flex-row lg:items-center lg:gap-0 lg:border-0 lg:p-0 lg:shadow-none`}
        >
          {navLinks.map((link) => (
            <li key={link.to}>
              <NavLink
                to={link.to}
                end={link.to === '/'}
                onClick={() => setOpen(false)}
                className={({ isActive }) =>
                  `block rounded-md px-3 py-2.5 text-sm font-semibold tracking-wide whitespace-nowrap lg:px-2 lg:text-xs xl:px-2.5 xl:text-sm ${isActive ? 'bg-brand-50 text-brand-800' : 'text-slate-700 hover:text-brand-800'}`
                }
              >
                {link.label}
              </NavLink>
            </li>
          ))}
          <li className="mt-1 lg:mt-0 lg:ml-2">
            <NavLink
              to={loginLinks.main.to}
              onClick={() => setOpen(false)}
              className="block rounded-md border-2 border-brand-700 px-3 py-2 text-center text-sm font-bold tracking-wide whitespace-nowrap text-brand-800 hover:bg-brand-50 lg:px-2.5 lg:py-1.5 lg:text-xs xl:text-sm"
            >
              {loginLinks.main.label}
            </NavLink>
          </li>
          <li className="lg:hidden">
            <NavLink
              to={loginLinks.welcomeback.to}
              onClick={() => setOpen(false)}
              className="block rounded-md px-3 py-2.5 text-center text-sm font-semibold tracking-wide text-brand-800 hover:bg-brand-50"
            >
              {loginLinks.welcomeback.label}
            </NavLink>
          </li>
        </ul>
      </nav>
    </header>
  );
}
