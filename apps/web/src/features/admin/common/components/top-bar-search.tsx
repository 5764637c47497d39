import type { Programme } from '@coop/core';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { adminPaths } from '../admin-paths';
import { programmeOptions } from '../programme-options';

/** The top bar's search (spec 2.7): a name, email, phone or referral code, searched in either programme's users. */
export function TopBarSearch() {
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const [programme, setProgramme] = useState<Programme>('main');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const search = text.trim();
    const path = programme === 'main' ? adminPaths.mainUsers : adminPaths.welcomeBackUsers;
    navigate(search ? `${path}?search=${encodeURIComponent(search)}` : path);
  };
  return (
    <form
      role="search"
      onSubmit={submit}
      className="order-last flex w-full min-w-0 items-center gap-1 sm:order-none sm:w-auto sm:flex-1"
    >
      <label htmlFor="admin-search" className="sr-only">
        Search users
      </label>
      <input
        id="admin-search"
        type="search"
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder="Search users..."
        className="min-h-10 w-full min-w-0 rounded-md border-0 bg-white/15 px-3 text-white placeholder:text-white/75 focus:bg-white/25 focus:outline-none"
      />
      <label htmlFor="admin-search-programme" className="sr-only">
        Programme to search
      </label>
      <select
        id="admin-search-programme"
        value={programme}
        onChange={(event) => setProgramme(event.target.value as Programme)}
        className="min-h-10 shrink-0 rounded-md border-0 bg-white/15 px-1 text-sm text-white focus:outline-none [&>option]:text-slate-900"
      >
        {programmeOptions.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <button
        type="submit"
        className="flex size-10 shrink-0 items-center justify-center rounded-md hover:bg-white/10"
        aria-label="Search"
      >
        <svg
          width="20"
          height="20"
          viewBox="0 0 24 24"
          aria-hidden="true"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
        >
          <circle cx="11" cy="11" r="7" />
          <path d="M20 20l-4-4" />
        </svg>
      </button>
    </form>
  );
}
