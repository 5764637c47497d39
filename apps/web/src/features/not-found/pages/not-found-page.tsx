import { Link } from 'react-router';

export function NotFoundPage() {
  return (
    <section className="mx-auto max-w-lg px-4 py-16 text-center">
      <h1 className="text-2xl font-bold text-brand-900">Page not found</h1>
      <p className="mt-3 text-slate-700">The page you asked for does not exist or has moved.</p>
      <Link to="/" className="mt-6 inline-block rounded-md bg-brand-800 px-4 py-2 font-semibold text-white">
        Go home
      </Link>
    </section>
  );
}
