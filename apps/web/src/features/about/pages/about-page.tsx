import { formatNaira, lastStage, stageName } from '@coop/core';
import { ButtonLink } from '../../../components/ui/button-link';
import { PageHeader } from '../../../components/ui/page-header';
import { useCurrentPlan } from '../../../lib/plans-context';
import { useSite } from '../../../lib/site-context';

export function AboutPage() {
  const site = useSite();
  // The versions in force, as the server wrote them into the page: what a person joining today pays.
  const main = useCurrentPlan('main');
  const welcomeBack = useCurrentPlan('welcomeback');
  return (
    <>
      <PageHeader
        title="About Us"
        lead={`${site.name} is a cooperative membership company that helps Nigerians build businesses, live healthily and secure their future financially.`}
      />
      <div className="mx-auto max-w-3xl space-y-10 px-4 py-10 text-slate-800">
        <section>
          <h2 className="text-2xl font-bold text-brand-900">Why we exist</h2>
          <p className="mt-3">
            Nigeria has millions of able, hard-working people and far too few jobs for them. High inflation,
            costly credit and a shortage of training keep good business ideas from ever starting, and many
            families have no safety net when illness or hard times come. People who join together can do what
            few can do alone: learn, save and invest as a group.
          </p>
        </section>
        <section>
          <h2 className="text-2xl font-bold text-brand-900">Our vision</h2>
          <ul className="mt-3 list-disc space-y-2 pl-5">
            <li>
              The start-up and growth of profitable ventures in partnership with the company, for industrial
              and agro-economic growth.
            </li>
            <li>A healthy lifestyle for members and their families.</li>
            <li>
              Financial security through training, social services and a fair reward for every member who
              helps the cooperative grow.
            </li>
          </ul>
        </section>
        <section>
          <h2 className="text-2xl font-bold text-brand-900">Your pathway</h2>
          <div className="mt-3 grid gap-4 sm:grid-cols-2">
            <article className="rounded-xl border border-slate-200 p-5">
              <h3 className="text-lg font-semibold">{main.name}</h3>
              <p className="mt-2">
                Members pay {formatNaira(main.feeKobo)} once and move through {main.stages.length} stages,
                from {stageName(main, 0)} to {stageName(main, lastStage(main))}, ending as a{' '}
                {main.graduateTitle}.
              </p>
            </article>
            <article className="rounded-xl border border-slate-200 p-5">
              <h3 className="text-lg font-semibold">{welcomeBack.name}</h3>
              <p className="mt-2">
                Participants pay {formatNaira(welcomeBack.feeKobo)} and move through{' '}
                {welcomeBack.stages.length} stages, from {stageName(welcomeBack, 0)} to{' '}
                {stageName(welcomeBack, lastStage(welcomeBack))}, and may then register again.
              </p>
            </article>
          </div>
        </section>
        <ButtonLink to="/getstarted">Be a partner / Sign Up!</ButtonLink>
      </div>
    </>
  );
}
