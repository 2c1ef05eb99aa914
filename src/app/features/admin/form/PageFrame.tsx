import type { ReactNode } from 'react';
import { useCurrentRoute } from '../../../routing/handle';

/** An admin page: its title (from the route), an intro line, then its content. */
export function PageFrame({ intro, children }: { readonly intro: string; readonly children: ReactNode }) {
  const current = useCurrentRoute();
  return (
    <div className="page admin-page">
      <header className="page__intro">
        <h1>{current?.title}</h1>
        <p className="muted">{intro}</p>
      </header>
      {children}
    </div>
  );
}
