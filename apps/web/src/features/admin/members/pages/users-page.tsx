import type { Programme } from '@coop/core';
import { useSearchParams } from 'react-router';
import { AdminPageTitle } from '../../common/components/admin-page-title';
import { UserList } from '../components/user-list';
import { UserLookup } from '../components/user-lookup';

/** Main Users and Welcomeback Users (spec 2.7): look-up by email, and the paged, searchable list. State lives in the URL. */
function UsersPage({ programme }: { programme: Programme }) {
  const [params, setParams] = useSearchParams();
  const email = params.get('email') ?? '';
  const search = params.get('search') ?? '';
  const update = (changes: Record<string, string>) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      for (const [key, value] of Object.entries(changes)) {
        if (value) next.set(key, value);
        else next.delete(key);
      }
      return next;
    });
  return (
    <>
      <AdminPageTitle lead="Look a user up by email, or search the list.">
        {programme === 'main' ? 'Main Users' : 'Welcomeback Users'}
      </AdminPageTitle>
      <div className="grid gap-6 xl:grid-cols-2">
        <UserLookup
          key={`${programme}-${email}`}
          programme={programme}
          email={email}
          onLookUp={(value) => update({ email: value })}
        />
        <UserList
          programme={programme}
          search={search}
          onSearch={(value) => update({ search: value })}
          onView={(value) => {
            update({ email: value });
            window.scrollTo({ top: 0, behavior: 'smooth' });
          }}
        />
      </div>
    </>
  );
}

export const MainUsersPage = () => <UsersPage programme="main" />;
export const WelcomeBackUsersPage = () => <UsersPage programme="welcomeback" />;
