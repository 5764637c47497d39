/**
 * A signed-in page's place in the server's shell (decision 0034): the layout and navigation are drawn around it from
 * the first HTML, and the browser draws the page with its figures in its place, with no full-screen loading image.
 */
export function PageSkeleton() {
  return (
    <div role="status" aria-label="Loading this page" className="animate-pulse motion-reduce:animate-none">
      <div className="h-8 w-2/3 max-w-sm rounded bg-slate-200" />
      <div className="mt-3 h-4 w-full max-w-md rounded bg-slate-200" />
      <div className="mt-6 grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {[0, 1, 2, 3, 4, 5].map((i) => (
          <div key={i} className="h-24 rounded-lg border border-slate-200 bg-white" />
        ))}
      </div>
    </div>
  );
}
