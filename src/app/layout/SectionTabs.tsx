import { NavLink, Outlet } from 'react-router';
import { useCurrentRoute } from '../routing/handle';
import { paths, type RouteName } from '../routing/paths';
import { pages, sectionPages, type PageMeta, type SectionKey } from '../routing/routeMeta';

const pagesOfSection: Partial<Record<SectionKey, readonly RouteName[]>> = sectionPages;

/** A section with sub-pages (attendance, admin): a row of links to them above the page. */
export function SectionTabs() {
  const current = useCurrentRoute();
  const key = current?.sectionKey;
  const routeNames = (key && pagesOfSection[key]) ?? [];
  return (
    <div className="section-tabs">
      {routeNames.length > 0 && current?.section && (
        <nav className="tabs" aria-label={`${current.section.label} pages`}>
          <ul className="tabs__list">
            {routeNames.map((routeName) => {
              const page: PageMeta = pages[routeName];
              return (
                <li key={routeName}>
                  <NavLink to={paths[routeName]} className="tabs__link">
                    {page.tabLabel ?? page.title}
                  </NavLink>
                </li>
              );
            })}
          </ul>
        </nav>
      )}
      <Outlet />
    </div>
  );
}
