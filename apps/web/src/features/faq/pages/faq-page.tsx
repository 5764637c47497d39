import { PageHeader } from '../../../components/ui/page-header';
import { useCurrentPlans } from '../../../lib/plans-context';
import { faqEntries } from '../faq-entries';

/** An accordion of native <details>: keyboard use (Enter, Space) and screen-reader state come with the element. */
export function FaqPage() {
  const plans = useCurrentPlans();
  return (
    <>
      <PageHeader title="Frequently Asked Questions" lead="Answers to what people ask us most." />
      <div className="mx-auto max-w-3xl px-4 py-10">
        <div className="divide-y divide-slate-200 rounded-xl border border-slate-200">
          {faqEntries(plans).map((entry) => (
            <details key={entry.question} className="group">
              <summary className="flex min-h-11 cursor-pointer list-none items-center justify-between gap-4 px-5 py-4 font-semibold text-slate-900 hover:bg-brand-50 [&::-webkit-details-marker]:hidden">
                <h2 className="text-base">{entry.question}</h2>
                <span
                  aria-hidden="true"
                  className="text-xl text-brand-800 transition-transform group-open:rotate-45 motion-reduce:transition-none"
                >
                  +
                </span>
              </summary>
              <p className="px-5 pb-5 text-slate-700">{entry.answer}</p>
            </details>
          ))}
        </div>
      </div>
    </>
  );
}
