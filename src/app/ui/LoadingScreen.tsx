/** Shown while the first route's data loads (the router's hydrate fallback). */
export function LoadingScreen({ label = 'Loading Campus Companion…' }: { readonly label?: string }) {
  return (
    <main className="loading-screen">
      <div role="status" className="loading-screen__status">
        <span className="spinner" aria-hidden="true" />
        <span>{label}</span>
      </div>
    </main>
  );
}
