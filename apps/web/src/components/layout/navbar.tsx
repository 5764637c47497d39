import { useState } from 'react';
import { Link, NavLink } from 'react-router';
import { navLinks } from './nav-links';

export function Navbar() {
  const [open, setOpen] = useState(false);
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      <nav aria-label="Main" className="mx-auto flex max-w-6xl items-center justify-between gap-4 px-4 py-3">
        <Link to="/" className="flex items-center gap-2 font-bold text-brand-900" onClick={() => setOpen(false)}>
          <img src="/logo.svg" alt="" width="36" height="36" />
          <span>Home</span>
        </Link>
        <button
          type="button"
          className="rounded-md p-2 text-brand-900 lg:hidden"
          aria-expanded={open}
          aria-controls="nav-menu"
          aria-label={open ? 'Close menu' : 'Open menu'}
          onClick={() => setOpen((o) => !o)}
        >
          <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2">
            {open ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 6h16M4 12h16M4 18h16" />}
          </svg>
        </button>
        <ul
          id="nav-menu"
          className={`${open ? 'flex' : 'hidden'} absolute inset-x-0 top-full flex-col gap-1 border-b border-slate-200 bg-white px-4 pb-4 lg:static lg:flex lg:flex-row lg:border-0 lg:p-0`}
        >
          {navLinks.map((link) => (
            <li key={link.to}>
              <NavLink
                to={link.to}
                end={link.to === '/'}
                onClick={() => setOpen(false)}
                className={({ isActive }) =>
                  `block rounded-md px-3 py-2 text-sm font-semibold tracking-wide ${isActive ? 'bg-brand-50 text-brand-800' : 'text-slate-700 hover:text-brand-800'}`
                }
              >
                {link.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
    </header>
  );
}
