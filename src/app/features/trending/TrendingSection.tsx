import type { TrendingItem } from '../../../shared/contract/trending';
import { UpdatedAt } from '../../sync/UpdatedAt';
import { useResource } from '../../sync/useResource';
import { FavouriteToggle } from '../favourites/FavouriteToggle';
import { PendingLabel } from '../favourites/PendingLabel';
import { useFavouriteTrending } from '../favourites/useFavouriteResources';
import { ExternalLink } from '../resources/ExternalLink';
import { trendingResource } from './resources';
import { TrendingImage } from './TrendingImage';

/** Trending news for students, each with a favourite toggle. Render it for students only. */
export function TrendingSection() {
  const { data, isLoading } = useResource(trendingResource);
  const favourites = useFavouriteTrending();
  const items: readonly TrendingItem[] = data ?? [];
  return (
    <section className="resources__trending" aria-labelledby="trending-heading">
      <div className="resources__toolbar">
        <h2 id="trending-heading">Trending</h2>
        <UpdatedAt resourceKey={trendingResource.key} />
      </div>
      {items.length === 0 && <p className="resources__empty">{isLoading ? 'Loading trending news…' : 'No trending news just now.'}</p>}
      <ul className="trending-grid">
        {items.map((item) => (
          <li key={item.rowId} className="card trending-card">
            <TrendingImage src={item.image} alt={`Picture for ${item.title}`} />
            <div className="trending-card__body">
              <h3 className="trending-card__title">
                <ExternalLink href={item.url}>{item.title}</ExternalLink>
              </h3>
              {item.summary && <p className="trending-card__summary">{item.summary}</p>}
              <div className="trending-card__footer">
                <PendingLabel change={favourites.pendingOf(item.rowId)} />
                <FavouriteToggle
                  name={item.title}
                  isFavourite={favourites.isFavourite(item.rowId)}
                  onToggle={() => favourites.toggle({ wpPostRowId: item.rowId, title: item.title, url: item.url })}
                />
              </div>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
