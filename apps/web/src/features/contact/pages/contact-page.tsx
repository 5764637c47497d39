import { SocialIcons } from '../../../components/layout/social-icons';
import { PageHeader } from '../../../components/ui/page-header';
import { useSite } from '../../../lib/site-context';
import { ContactForm } from '../components/contact-form';

export function ContactPage() {
  const site = useSite();
  return (
    <>
      <PageHeader
        title="Contact Us"
        lead="Questions about membership, payments or your account? Write to us and we will answer by email."
      />
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-10 md:grid-cols-[1fr_1.4fr]">
        <section aria-labelledby="contact-details">
          <h2 id="contact-details" className="text-2xl font-bold text-brand-900">
            Reach us
          </h2>
          <dl className="mt-4 space-y-4 text-slate-800">
            <div>
              <dt className="text-sm font-semibold text-slate-600">Address</dt>
              <dd>{site.address}</dd>
            </div>
            <div>
              <dt className="text-sm font-semibold text-slate-600">Email</dt>
              <dd>
                <a className="font-medium text-brand-800 underline" href={`mailto:${site.email}`}>
                  {site.email}
                </a>
              </dd>
            </div>
            {site.phones.length > 0 && (
              <div>
                <dt className="text-sm font-semibold text-slate-600">Phone</dt>
                {site.phones.map((phone) => (
                  <dd key={phone}>
                    <a
                      className="font-medium text-brand-800 underline"
                      href={`tel:${phone.replace(/[^\d+]/g, '')}`}
                    >
                      {phone}
                    </a>
                  </dd>
                ))}
              </div>
            )}
          </dl>
          <div className="mt-6 inline-block rounded-xl bg-brand-900 p-2 text-white empty:hidden">
            <SocialIcons social={site.social} />
          </div>
        </section>
        <section aria-labelledby="contact-form">
          <h2 id="contact-form" className="text-2xl font-bold text-brand-900">
            Send us a message
          </h2>
          <div className="mt-4">
            <ContactForm />
          </div>
        </section>
      </div>
    </>
  );
}
