import { useHoldLayout } from '../../ui/layoutHold/holdContext';
import { ExternalLink } from '../resources/ExternalLink';
import { PendingLabel } from './PendingLabel';
import { useFavouriteResources } from './useFavouriteResources';
import '../resources/resources.css';

/** Home: the user's favourite links, a tap away, with any change still waiting to sync. */
export default function FavouritesWidget() {
  const favourites = useFavouriteResources();
  useHoldLayout(favourites.isAwaitingData);
  if (favourites.items.length === 0) {
    return <p className="widget__empty">{favourites.isLoading ? 'Loading…' : 'Resources you mark as favourites will appear here, a tap away.'}</p>;
  }
  return (
    <ul className="widget-links">
      {favourites.items.map((item) => (
        <li key={item.rowId}>
          <ExternalLink href={item.url} rowId={item.rowId}>
            {item.displayName}
          </ExternalLink>
          <PendingLabel change={favourites.pendingOf(item.rowId)} />
        </li>
      ))}
    </ul>
  );
}
