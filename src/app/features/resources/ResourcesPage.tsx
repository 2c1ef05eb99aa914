import { lazy, Suspense } from 'react';
import { useSignedInUser } from '../session/useSignedInUser';
import { UpdatedAt } from '../../sync/UpdatedAt';
import { useResource } from '../../sync/useResource';
import { FavouritesSection } from '../favourites/FavouritesSection';
import { useFavouriteResources, useFavouriteTrending } from '../favourites/useFavouriteResources';
import { TrendingSection } from '../trending/TrendingSection';
import { AllResources } from './AllResources';
import { PopularResources } from './PopularResources';
import { resourcesResource } from './resources';
import './resources.css';

const WelcomeWeekLink = lazy(() => import('../welcomeWeek/WelcomeWeekLink'));

/** Saved trending news shows among the favourites; a separate component so staff never load it. */
function StudentFavourites({ links }: { readonly links: ReturnType<typeof useFavouriteResources> }) {
  const news = useFavouriteTrending();
  return <FavouritesSection links={links} news={news} />;
}

/** /resources: favourites, popular links, every link by category or A to Z, and trending for students. */
export function ResourcesPage() {
  const user = useSignedInUser();
  const { data, isLoading, error } = useResource(resourcesResource);
  const favourites = useFavouriteResources();
  const isStudent = user.isStudentSignedIn;

  return (
    <div className="page resources">
      <header className="page__intro">
        <h1>Resources</h1>
        <p>Digital platforms and resources for your studies and life on campus.</p>
        <UpdatedAt resourceKey={resourcesResource.key} />
      </header>
      <Suspense fallback={null}>
        <WelcomeWeekLink />
      </Suspense>
      <div className="resources__panels">
        {isStudent ? <StudentFavourites links={favourites} /> : <FavouritesSection links={favourites} />}
        <PopularResources links={data?.popularResources ?? []} favourites={favourites} />
      </div>
      {data ? (
        <AllResources categories={data.categories} favourites={favourites} />
      ) : (
        <p className="resources__empty">{isLoading ? 'Loading resources…' : error ? 'Resources could not be loaded. Check your connection and try again.' : ''}</p>
      )}
      {isStudent && <TrendingSection />}
    </div>
  );
}
