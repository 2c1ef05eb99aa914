import type { FavouriteResource } from '../../../shared/contract/favourites';
import type { ResourceCategory } from '../../../shared/contract/resources';
import type { Favourites } from '../favourites/useFavouriteResources';
import { categoryStyle } from './categoryStyle';
import { ResourceLinkItem } from './ResourceLinkItem';

/** Links grouped by category, each under a heading in the category's colour (SPEC §9 contrast). */
export function CategoryView({ categories, favourites }: { readonly categories: readonly ResourceCategory[]; readonly favourites: Favourites<FavouriteResource> }) {
  return (
    <div className="resource-categories">
      {categories.map((category) => {
        const headingId = `category-${category.rowId}`;
        return (
          <section key={category.rowId} className="resource-category" aria-labelledby={headingId}>
            <h3 id={headingId} className="resource-category__heading" style={categoryStyle(category.colour)}>
              {category.categoryName}
            </h3>
            <ul className="resource-list">
              {category.categoryLinks.map(({ link }) => (
                <ResourceLinkItem key={link.rowId} link={link} favourites={favourites} />
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}
