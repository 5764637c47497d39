import type { Programme } from '@coop/core';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { errorMessage } from '../../../components/form';
import { ButtonLink } from '../../../components/ui/button-link';
import { Notice } from '../../../components/ui/notice';
import { confirmEmailQuery } from '../api/confirm-email';
import { programmeScreens } from '../programmes';

function SignInLinks({ programme }: { programme?: Programme }) {
  const choices = programme
    ? [programmeScreens[programme]]
    : [programmeScreens.main, programmeScreens.welcomeback];
  return choices.map((screens) => (
    <ButtonLink
      key={screens.programme}
      to={screens.paths.signin}
      variant={choices.length > 1 && screens.programme === 'welcomeback' ? 'outline' : 'primary'}
    >
      {choices.length > 1 ? `Sign in to the ${screens.name}` : 'Sign in'}
    </ButtonLink>
  ));
}

/** /confirmemail?token=...: the link of the confirmation mail. */
export function ConfirmEmailPage() {
  const token = useSearchParams()[0].get('token') ?? '';
  const confirm = useQuery({ ...confirmEmailQuery(token), enabled: token !== '' });
  if (!token) {
    return (
      <Notice title="Confirmation link not valid" tone="error" actions={<SignInLinks />}>
        <p>This page needs the link from your confirmation email. Sign in to ask for a new one.</p>
      </Notice>
    );
  }
  if (confirm.isPending) {
    return (
      <Notice title="Confirming your email..." tone="info">
        <p role="status">One moment, please.</p>
      </Notice>
    );
  }
  if (confirm.isError) {
    return (
      <Notice title="We could not confirm your email" tone="error" actions={<SignInLinks />}>
        <p>{errorMessage(confirm.error)}</p>
        <p>Sign in to ask for a new confirmation link.</p>
      </Notice>
    );
  }
  return (
    <Notice title="Email confirmed" actions={<SignInLinks programme={confirm.data.programme} />}>
      <p>{confirm.data.message}</p>
    </Notice>
  );
}
