import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { errorMessage } from '../../../components/form';
import { ButtonLink } from '../../../components/ui/button-link';
import { Notice } from '../../../components/ui/notice';
import { useConfirmClosure } from '../api/confirm-closure';
import { formatDate } from '../../../components/display/format';

/** The link in the closure mail (public: it works without signing in). */
export function ConfirmClosurePage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const confirm = useConfirmClosure();
  const sent = useRef(false);
  useEffect(() => {
    if (!token || sent.current) return;
    sent.current = true;
    confirm.mutate(token);
  }, [token, confirm]);

  if (!token || confirm.isError) {
    return (
      <Notice title="This link does not work" tone="error" actions={<ButtonLink to="/">Home</ButtonLink>}>
        <p>
          {confirm.isError
            ? errorMessage(confirm.error)
            : 'The link is incomplete. Open it again from the mail.'}
        </p>
      </Notice>
    );
  }
  if (!confirm.data) {
    return (
      <Notice title="Confirming..." tone="info">
        <p role="status">Confirming your account closure.</p>
      </Notice>
    );
  }
  return (
    <Notice title="Closure confirmed" tone="info" actions={<ButtonLink to="/">Home</ButtonLink>}>
      <p>{confirm.data.message}</p>
      <p>Until {formatDate(confirm.data.effectiveAt)} you can still sign in.</p>
    </Notice>
  );
}
