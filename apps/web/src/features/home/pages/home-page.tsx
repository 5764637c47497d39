import { formatNaira } from '@coop/core';
import { useCurrentPlan } from '../../../lib/plans-context';
import { ButtonLink } from '../../../components/ui/button-link';
import { DocumentTitle } from '../../../components/ui/document-title';
import { Carousel } from '../../../components/ui/carousel';
import { heroSlides } from '../components/hero-slides';

const audiences = [
  'A business person',
  'A professional',
  'A civil servant',
  'A student',
  'A skilled or unskilled worker',
];
const wants = ['A healthy lifestyle', 'Adequate financial security', 'Self actualization'];
const offerings = [
  {
    title: 'Business training and management',
    text: 'Practical courses on starting, running and growing a business.',
  },
  {
    title: 'Health and lifestyle training',
    text: 'Programmes that promote healthy living for members and their families.',
  },
  {
    title: 'Industrial and agro-economic workshops',
    text: 'Workshops and seminars on industry, farming and agro-processing.',
  },
  {
    title: 'Start-up and growth capital',
    text: 'Capital for profitable ventures, in partnership with the company.',
  },
  { title: 'Social services', text: 'Support and social services for members and their communities.' },
];

export function HomePage() {
  const main = useCurrentPlan('main');
  const welcomeBack = useCurrentPlan('welcomeback');
  const platforms = [
    {
      plan: main,
      to: '/main',
      text: 'For members building a business and a future: stages Welcome to Eldorado.',
    },
    {
      plan: welcomeBack,
      to: '/welcomeback',
      text: 'For students, low-income workers and apprentices: stages Welcome to Thank You.',
    },
  ];
  return (
    <>
      <DocumentTitle title="Business, health and financial security" />
      <h1 className="sr-only">Business, healthy living and financial security for members across Nigeria</h1>
      <Carousel label="Highlights" slides={heroSlides} intervalMs={3000} />

      <section className="mx-auto grid max-w-6xl gap-6 px-4 py-12 md:grid-cols-2" aria-label="Who we are for">
        <div className="rounded-xl border border-slate-200 p-6">
          <h2 className="text-2xl font-bold text-brand-900">Are you a…</h2>
          <ul className="mt-4 space-y-2">
            {audiences.map((item) => (
              <li key={item} className="flex gap-2">
                <span aria-hidden="true" className="text-brand-700">
                  ✓
                </span>
                {item}?
              </li>
            ))}
          </ul>
        </div>
        <div className="rounded-xl border border-slate-200 p-6">
          <h2 className="text-2xl font-bold text-brand-900">Do you want…</h2>
          <ul className="mt-4 space-y-2">
            {wants.map((item) => (
              <li key={item} className="flex gap-2">
                <span aria-hidden="true" className="text-brand-700">
                  ✓
                </span>
                {item}?
              </li>
            ))}
          </ul>
          <p className="mt-4 font-semibold text-slate-800">Then you are welcome here.</p>
        </div>
      </section>

      <section className="bg-brand-50">
        <div className="mx-auto max-w-6xl px-4 py-12">
          <h2 className="text-2xl font-bold text-brand-900">What we offer</h2>
          <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {offerings.map((offer, index) => (
              <li key={offer.title} className="rounded-xl bg-white p-5 shadow-sm">
                <span className="text-sm font-bold text-brand-700">0{index + 1}</span>
                <h3 className="mt-1 text-lg font-semibold text-slate-900">{offer.title}</h3>
                <p className="mt-1 text-slate-700">{offer.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="mx-auto max-w-6xl px-4 py-12">
        <h2 className="text-2xl font-bold text-brand-900">Our platforms</h2>
        <div className="mt-6 grid gap-4 md:grid-cols-2">
          {platforms.map(({ plan, to, text }) => (
            <article key={to} className="flex flex-col rounded-xl border border-slate-200 p-6">
              <h3 className="text-xl font-bold text-slate-900">{plan.name}</h3>
              <p className="mt-1 text-2xl font-bold text-brand-800">{formatNaira(plan.feeKobo)}</p>
              <p className="mt-2 flex-1 text-slate-700">{text}</p>
              <ButtonLink to={to} variant="outline" className="mt-4 self-start">
                Learn more<span className="sr-only"> about the {plan.name}</span>
              </ButtonLink>
            </article>
          ))}
        </div>
        <div className="mt-10 text-center">
          <ButtonLink to="/getstarted">Get Started</ButtonLink>
        </div>
      </section>
    </>
  );
}
