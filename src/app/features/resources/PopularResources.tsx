import type { FavouriteResource } from '../../../shared/contract/favourites';
import type { ResourceLink } from '../../../shared/contract/resources';
import type { Favourites } from '../favourites/useFavouriteResources';
import { ResourceLinkItem } from './ResourceLinkItem';

/** The most opened links, most popular first. */
export function PopularResources({ links, favourites }: { readonly links: readonly ResourceLink[]; readonly favourites: Favourites<FavouriteResource> }) {
  return (
    <section className="card resources__panel" aria-labelledby="popular-resources">
      <h2 id="popular-resources">Popular resources</h2>
      {links.length === 0 ? (
        <p className="resources__empty">No popular resources yet.</p>
      ) : (
        <ul className="resource-list">
          {links.map((link) => (
            <ResourceLinkItem key={link.rowId} link={link} favourites={favourites} />
          ))}
        </ul>
      )}
    </section>
  );
}
