import { programmeName, type Programme } from '@coop/core';
import { QueryState } from '../../../../components/display/query-state';
import { SubmitButton, TextField, useZodForm } from '../../../../components/form';
import { useUser } from '../api/get-user';
import { userLookupSchema } from '../user-lookup-schema';
import { UserFiguresCard } from './user-figures';

interface Props {
  programme: Programme;
  /** The email looked up (kept by the page so a row of the list can fill it). */
  email: string;
  onLookUp: (email: string) => void;
}

/** Look-up by email (spec 2.7): the user's details, or the server's 'No ... user' message in place. */
export function UserLookup({ programme, email, onLookUp }: Props) {
  const form = useZodForm(userLookupSchema, { email });
  const user = useUser(programme, email);
  const onSubmit = form.handleSubmit(({ email: typed }) => {
    if (typed === email) void user.refetch();
    else onLookUp(typed);
  });
  return (
    <div className="space-y-4">
      <form
        noValidate
        onSubmit={onSubmit}
        className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:flex-row sm:items-start"
      >
        <TextField
          className="flex-1"
          label={`${programmeName(programme)} user email`}
          type="email"
          autoComplete="off"
          error={form.formState.errors.email}
          {...form.register('email')}
        />
        <SubmitButton pending={user.isFetching} pendingLabel="Looking up..." className="sm:mt-6 sm:w-auto">
          Look up
        </SubmitButton>
      </form>
      {email && (
        <QueryState query={user} label={`the user ${email}`}>
          {(figures) => <UserFiguresCard programme={programme} user={figures} />}
        </QueryState>
      )}
    </div>
  );
}
