import type { FavouriteResource, FavouriteTrending } from '../../../shared/contract/favourites';
import { ResourceLinkItem } from '../resources/ResourceLinkItem';
import { ExternalLink } from '../resources/ExternalLink';
import { FavouriteToggle } from './FavouriteToggle';
import { PendingLabel } from './PendingLabel';
import type { Favourites } from './useFavouriteResources';

function SavedNews({ favourites }: { readonly favourites: Favourites<FavouriteTrending> }) {
  if (favourites.items.length === 0) return null;
  return (
    <>
      <h3 className="resources__subheading">Saved news</h3>
      <ul className="resource-list">
        {favourites.items.map((item) => (
          <li key={item.wpPostRowId} className="resource-link">
            <div className="resource-link__text">
              <ExternalLink className="resource-link__name" href={item.url}>
                {item.title}
              </ExternalLink>
              <PendingLabel change={favourites.pendingOf(item.wpPostRowId)} />
            </div>
            <FavouriteToggle name={item.title} isFavourite onToggle={() => favourites.toggle(item)} />
          </li>
        ))}
      </ul>
    </>
  );
}

/** The user's favourite links (and, for students, saved trending news), each with its toggle. */
export function FavouritesSection({ links, news }: { readonly links: Favourites<FavouriteResource>; readonly news?: Favourites<FavouriteTrending> }) {
  return (
    <section className="card resources__panel" aria-labelledby="favourite-resources">
      <h2 id="favourite-resources">Favourites</h2>
      {links.items.length === 0 ? (
        <p className="resources__empty">{links.isLoading ? 'Loading your favourites…' : 'No favourites yet. Use the star beside a link to add it here.'}</p>
      ) : (
        <ul className="resource-list">
          {links.items.map((item) => (
            <ResourceLinkItem key={item.rowId} link={item} favourites={links} />
          ))}
        </ul>
      )}
      {news && <SavedNews favourites={news} />}
    </section>
  );
}
