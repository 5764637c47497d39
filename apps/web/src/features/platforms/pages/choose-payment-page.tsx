import { DocumentTitle } from '../../../components/ui/document-title';
import { PlatformOptions } from '../components/platform-options';

/** /payment: leads to the signed-in payment pages, which ask the visitor to log in first when needed. */
export function ChoosePaymentPage() {
  return (
    <div className="mx-auto max-w-4xl px-4 py-12">
      <DocumentTitle title="Make a payment" />
      <h1 className="text-center text-2xl font-bold tracking-wide text-brand-900 sm:text-3xl">
        CHOOSE PLATFORM FOR PAYMENT
      </h1>
      <p className="mx-auto mt-3 max-w-2xl text-center text-slate-700">
        Pay your registration fee by card. You will be asked to log in to the platform you registered on
        first.
      </p>
      <div className="mt-8">
        <PlatformOptions targets={{ main: '/mainpaystack', welcomeback: '/welcomepaystack' }} />
      </div>
    </div>
  );
}
