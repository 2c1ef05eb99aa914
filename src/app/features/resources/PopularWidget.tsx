import { useResource } from '../../sync/useResource';
import { isAwaitingData, useHoldLayout } from '../../ui/layoutHold/holdContext';
import { ExternalLink } from './ExternalLink';
import { resourcesResource } from './resources';
import './resources.css';

const shownCount = 5;

/** Home: the most opened links. */
export default function PopularWidget() {
  const resources = useResource(resourcesResource);
  const { data, isLoading } = resources;
  useHoldLayout(isAwaitingData(resources));
  const links = data?.popularResources.slice(0, shownCount) ?? [];
  if (links.length === 0) return <p className="widget__empty">{isLoading ? 'Loading…' : 'No popular resources yet.'}</p>;
  return (
    <ul className="widget-links">
      {links.map((link) => (
        <li key={link.rowId}>
          <ExternalLink href={link.url} rowId={link.rowId}>
            {link.displayName}
          </ExternalLink>
        </li>
      ))}
    </ul>
  );
}
