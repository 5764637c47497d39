import { Link, useRouteError } from 'react-router';

export function RouteError() {
  const error = useRouteError();
  const offline = error instanceof TypeError && /fetch|import/i.test(error.message);
  return (
    <main className="mx-auto max-w-lg px-4 py-16 text-center">
      <h1 className="text-2xl font-bold text-brand-900">Something went wrong</h1>
      <p className="mt-3 text-slate-700">
        {offline
          ? 'This page could not be loaded. Check your connection and try again.'
          : 'Please reload the page or go back home.'}
      </p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        {/* A page's code may have been replaced by a new release since this tab opened: a reload fetches it. */}
        <button
          type="button"
          onClick={() => window.location.reload()}
          className="min-h-11 rounded-md bg-brand-800 px-4 py-2 font-semibold text-white"
        >
          Reload the page
        </button>
        <Link
          to="/"
          className="inline-flex min-h-11 items-center rounded-md border-2 border-brand-800 px-4 py-2 font-semibold text-brand-800"
        >
          Go home
        </Link>
      </div>
    </main>
  );
}
