import { Link } from 'react-router';

export function HomePage() {
  return (
    <section className="mx-auto max-w-6xl px-4 py-16">
      <h1 className="text-3xl font-bold text-brand-900">Actualizing business dreams</h1>
      <Link to="/getstarted" className="mt-6 inline-block rounded-md bg-brand-800 px-5 py-3 font-semibold text-white">
        Get Started
      </Link>
    </section>
  );
}
