import { useState, useSyncExternalStore } from 'react';
import type { FavouriteResource } from '../../../shared/contract/favourites';
import type { ResourceCategory } from '../../../shared/contract/resources';
import { toast } from '../../ui/toast/toastStore';
import { appliedPreferences, subscribeAppliedPreferences } from '../preferences/applyPreferences';
import { setCategoryView } from '../preferences/mutations';
import type { Favourites } from '../favourites/useFavouriteResources';
import { CategoryView } from './CategoryView';
import { FlatView } from './FlatView';
import { countLinks, filterCategories, flatLinks, searchResultText } from './linkFilters';
import { SearchBox } from './SearchBox';
import { ViewChoice } from './ViewChoice';

function chooseView(isCategoryView: boolean): void {
  // Through the preferences mutation: applied at once, saved to the cookie and synced to the server.
  setCategoryView(isCategoryView).catch((error: unknown) => {
    console.error('Saving the resources view failed', error);
    toast.negative('Your preference could not be saved on this device.');
  });
}

/** Every link, by category or A to Z (the isCategoryView preference), filtered by the search box. */
export function AllResources({ categories, favourites }: { readonly categories: readonly ResourceCategory[]; readonly favourites: Favourites<FavouriteResource> }) {
  const [search, setSearch] = useState('');
  const { isCategoryView } = useSyncExternalStore(subscribeAppliedPreferences, appliedPreferences, appliedPreferences).app;
  const grouped = filterCategories(categories, search);
  const flat = flatLinks(categories, search);
  const count = isCategoryView ? countLinks(grouped) : flat.length;

  return (
    <section className="resources__all" aria-labelledby="all-resources">
      <div className="resources__toolbar">
        <h2 id="all-resources">All resources</h2>
        <ViewChoice isCategoryView={isCategoryView} onChange={chooseView} />
      </div>
      <SearchBox value={search} onChange={setSearch} resultText={searchResultText(count, search)} />
      {count === 0 && search.trim() !== '' && <p className="resources__empty">No links match “{search.trim()}”.</p>}
      {isCategoryView ? <CategoryView categories={grouped} favourites={favourites} /> : <FlatView links={flat} favourites={favourites} />}
    </section>
  );
}
