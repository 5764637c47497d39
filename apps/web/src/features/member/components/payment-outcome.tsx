import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ButtonLink } from '../../../components/ui/button-link';
import { Notice } from '../../../components/ui/notice';
import { usePayment } from '../api/get-payment';
import type { MemberArea } from '../member-area';
import { naira } from '../../../components/display/format';

/** The checkout return page: what happened to the payment `reference`, asked of our server (never of the URL). */
export function PaymentOutcome({ area, reference }: { area: MemberArea; reference: string }) {
  const query = usePayment(reference);
  const queryClient = useQueryClient();
  const status = query.data?.status;
  const [openedAt] = useState(() => Date.now());
  useEffect(() => {
    // The dashboard, matrix and wallet change once a payment succeeds.
    if (status === 'paid') void queryClient.invalidateQueries({ queryKey: ['me'] });
  }, [status, queryClient]);

  if (query.isError) {
    return (
      <Notice
        title="We could not check this payment"
        tone="error"
        actions={<ButtonLink to={area.paths.payment}>Back to payment</ButtonLink>}
      >
        <p>{query.error.message}</p>
      </Notice>
    );
  }
  if (!query.data || status === 'pending') {
    return (
      <Notice title="Checking your payment..." tone="info">
        <p role="status">We are confirming your payment with the card provider. This takes a few seconds.</p>
        {status === 'pending' && query.dataUpdatedAt - openedAt > 45_000 && (
          <p>
            It is taking longer than usual. If you were charged, your dashboard updates as soon as the
            provider confirms.
          </p>
        )}
      </Notice>
    );
  }
  if (status === 'paid') {
    return (
      <Notice
        title="Payment successful"
        actions={<ButtonLink to={area.paths.dashboard}>GO TO DASHBOARD</ButtonLink>}
      >
        <p>We received your payment of {naira(query.data.amount)}.</p>
        {query.data.stageName && (
          <p data-testid="payment-stage">
            Your place in the matrix is ready. Your stage: <strong>{query.data.stageName}</strong>.
          </p>
        )}
      </Notice>
    );
  }
  return (
    <Notice
      // Paystack's abandoned is a checkout not completed: it stays payable, and the payment page gives the same one.
      title={status === 'abandoned' ? 'Payment not completed' : 'Payment failed'}
      tone="error"
      actions={
        <ButtonLink to={area.paths.payment}>
          {status === 'abandoned' ? 'Continue payment' : 'Try again'}
        </ButtonLink>
      }
    >
      <p>{query.data.message}</p>
    </Notice>
  );
}
