import { useCurrentRoute } from '../../routing/handle';
import { plannedTexts } from './plannedTexts';

/** The frame of a page a later issue builds: its title and what it will show. */
export function PlannedPage() {
  const current = useCurrentRoute();
  if (!current) return null;
  return (
    <div className="page">
      <header className="page__intro">
        <h1>{current.title}</h1>
      </header>
      <p className="planned">{plannedTexts[current.routeName] ?? 'This page is on its way.'}</p>
    </div>
  );
}
