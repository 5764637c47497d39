import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { errorMessage } from '../../../components/form';
import { ButtonLink } from '../../../components/ui/button-link';
import { Notice } from '../../../components/ui/notice';
import { confirmEmailChangeQuery } from '../api/confirm-email-change';
import { programmeScreens } from '../programmes';

/** /confirmemailchange?token=...: the link mailed to the new address when our staff corrected a member's email. */
export function ConfirmEmailChangePage() {
  const token = useSearchParams()[0].get('token') ?? '';
  const confirm = useQuery({ ...confirmEmailChangeQuery(token), enabled: token !== '' });
  if (!token || confirm.isError) {
    return (
      <Notice title="We could not confirm your new email address" tone="error">
        <p>
          {token
            ? errorMessage(confirm.error)
            : 'This page needs the link from the mail sent to your new address.'}
        </p>
        <p>Your account keeps its old email address. Contact us to have it corrected again.</p>
      </Notice>
    );
  }
  if (confirm.isPending) {
    return (
      <Notice title="Confirming your new email address..." tone="info">
        <p role="status">One moment, please.</p>
      </Notice>
    );
  }
  const screens = programmeScreens[confirm.data.programme];
  return (
    <Notice
      title="New email address confirmed"
      actions={<ButtonLink to={screens.paths.signin}>Sign in</ButtonLink>}
    >
      <p>{confirm.data.message}</p>
    </Notice>
  );
}
