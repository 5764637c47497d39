import { useSearchParams } from 'react-router';
import { useMe } from '../api/get-me';
import { MemberPageTitle } from '../components/member-page-title';
import { PaymentForm } from '../components/payment-form';
import { PaymentOutcome } from '../components/payment-outcome';
import { QueryState } from '../../../components/display/query-state';
import { useMemberArea } from '../hooks/use-member-area';

/** /mainpaystack and /welcomepaystack: the payment form, or the outcome when the checkout sends the member back. */
export function PaymentPage() {
  const area = useMemberArea();
  const [params] = useSearchParams();
  const reference = params.get('reference') ?? params.get('trxref');
  const me = useMe(area.programme);
  if (reference) return <PaymentOutcome area={area} reference={reference} />;
  return (
    <>
      <MemberPageTitle title="Make Payment" />
      <QueryState query={me} label="your account">
        {(account) =>
          // Main is paid once, graduate or not; only a finished Welcome Back position registers again.
          account.paid && (area.programme === 'main' || !account.finished) ? (
            <p
              className="max-w-lg rounded-lg border border-brand-600 bg-brand-50 p-5 text-brand-900"
              data-testid="nothing-to-pay"
            >
              {area.programme === 'welcomeback'
                ? 'Your registration fee is paid. You can register again once your position has finished Thank You.'
                : account.finished
                  ? 'You are a Golden Crown Partner: your registration fee is paid and there is nothing more to pay. Your Golden Crown schedule is on your dashboard.'
                  : 'Your registration fee is paid. You are a member; there is nothing more to pay.'}
            </p>
          ) : (
            <PaymentForm area={area} email={account.email} />
          )
        }
      </QueryState>
    </>
  );
}
