import { ButtonLink } from '../../../components/ui/button-link';
import { DocumentTitle } from '../../../components/ui/document-title';

export function NotFoundPage() {
  return (
    <section className="mx-auto max-w-lg px-4 py-16 text-center">
      <DocumentTitle title="Page not found" />
      <p className="text-6xl font-bold text-brand-700" aria-hidden="true">
        404
      </p>
      <h1 className="mt-2 text-2xl font-bold text-brand-900">Page not found</h1>
      <p className="mt-3 text-slate-700">
        The page you asked for does not exist or has moved. These may help:
      </p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <ButtonLink to="/">Go home</ButtonLink>
        <ButtonLink to="/getstarted" variant="outline">
          Sign up
        </ButtonLink>
        <ButtonLink to="/contact" variant="outline">
          Contact us
        </ButtonLink>
      </div>
    </section>
  );
}
