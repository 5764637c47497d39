import type { Programme } from '@coop/core';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { formatDate } from '../../../../components/display/format';
import { Pager } from '../../../../components/display/pager';
import { QueryState } from '../../../../components/display/query-state';
import { inputClass } from '../../../../components/form/field-shell';
import { memberRecordPath } from '../../common/admin-paths';
import { USERS_PAGE_SIZE, useUsers } from '../api/get-users';
import { StatusBadge } from '../../common/components/status-badge';

interface Props {
  programme: Programme;
  search: string;
  onSearch: (search: string) => void;
  onView: (email: string) => void;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
/** Members and administrators counted apart: the administrators run the platform, they are not members. */
const countText = (members: number, administrators: number, search: string) =>
  `${plural(members, 'member')}${administrators ? ` and ${plural(administrators, 'administrator')}` : ''}${search ? ` matching “${search}”` : ''}`;

/** The programme's accounts, newest first, 20 a page, searched by name, email, phone or referral code. */
export function UserList({ programme, search, onSearch, onView }: Props) {
  const [page, setPage] = useState(1);
  const [text, setText] = useState(search);
  const [shownSearch, setShownSearch] = useState(search);
  if (search !== shownSearch) {
    setShownSearch(search);
    setText(search);
    setPage(1);
  }
  const users = useUsers(programme, search, page);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(text.trim());
  };
  return (
    <section
      aria-labelledby="user-list"
      className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
    >
      <h2 id="user-list" className="text-lg font-bold text-slate-900">
        All users
      </h2>
      <form role="search" onSubmit={submit} className="mt-3 flex gap-2">
        <label htmlFor="user-list-search" className="sr-only">
          Search by name, email, phone or referral code
        </label>
        <input
          id="user-list-search"
          type="search"
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder="Name, email, phone or code"
          className={`${inputClass} mt-0`}
        />
        <button
          type="submit"
          className="min-h-11 shrink-0 rounded-md bg-brand-800 px-4 font-semibold text-white hover:bg-brand-900"
        >
          Search
        </button>
      </form>
      <QueryState query={users} label="the users">
        {(list) => (
          <>
            <p className="mt-3 text-sm text-slate-600" role="status">
              {list.total === 0
                ? search
                  ? `No user matches “${search}”.`
                  : 'No user has signed up yet.'
                : countText(list.total - list.administrators, list.administrators, search)}
            </p>
            <ul className="mt-2 divide-y divide-slate-200">
              {list.items.map((u) => (
                <li
                  key={u.email}
                  className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 py-3"
                  data-testid="user-row"
                >
                  <div className="min-w-0">
                    <p className="font-semibold break-words text-slate-900">
                      {u.fullName}{' '}
                      {u.role === 'admin' && (
                        <span className="ml-1 rounded bg-sky-100 px-1.5 text-xs font-semibold text-sky-900">
                          admin
                        </span>
                      )}
                    </p>
                    <p className="text-sm break-all text-slate-600">{u.email}</p>
                    <p className="text-xs text-slate-500">
                      {u.phone && `${u.phone} · `}
                      {u.referralCode} · joined {formatDate(u.createdAt)}
                      {!u.emailConfirmed && ' · email not confirmed'}
                      {u.accountStatus !== 'active' && ` · ${u.accountStatus}`}
                    </p>
                  </div>
                  <div className="flex items-center gap-2">
                    {u.role === 'admin' && !u.paid ? (
                      <StatusBadge status="administrator" />
                    ) : (
                      <StatusBadge status={u.paid ? 'paid' : 'not paid'} />
                    )}
                    {u.paid && <span className="text-sm text-slate-700">{u.status}</span>}
                    <Link
                      to={memberRecordPath(u.id)}
                      className="flex min-h-11 items-center rounded-md bg-brand-800 px-3 font-semibold text-white hover:bg-brand-900"
                    >
                      Record<span className="sr-only"> of {u.fullName}</span>
                    </Link>
                    <button
                      type="button"
                      onClick={() => onView(u.email)}
                      className="min-h-11 rounded-md border border-slate-300 px-3 font-semibold text-brand-900 hover:bg-brand-50"
                    >
                      View<span className="sr-only"> {u.fullName}</span>
                    </button>
                  </div>
                </li>
              ))}
            </ul>
            <Pager page={page} total={list.total} pageSize={USERS_PAGE_SIZE} onPage={setPage} />
          </>
        )}
      </QueryState>
    </section>
  );
}
