import { useMatches, useParams } from 'react-router';
import type { RouteName } from './paths';
import { pages, pageTitle, sectionOf, type PageMeta, type SectionKey, type SectionMeta } from './routeMeta';
import { isRecord } from '../../shared/guards';

/** What each route of the signed-in area carries in its `handle`. */
export interface RouteHandle {
  readonly routeName: RouteName;
}

function isRouteHandle(handle: unknown): handle is RouteHandle {
  return isRecord(handle) && typeof handle.routeName === 'string';
}

export interface CurrentRoute {
  readonly routeName: RouteName;
  readonly title: string;
  readonly sectionKey: SectionKey | undefined;
  readonly section: SectionMeta | undefined;
}

/** The deepest matched route that names itself, with its title and menu section. */
export function useCurrentRoute(): CurrentRoute | undefined {
  const matches = useMatches();
  const params = useParams();
  const handle = matches.map((match) => match.handle).filter(isRouteHandle).at(-1);
  if (!handle) return undefined;
  const page: PageMeta = pages[handle.routeName];
  return {
    routeName: handle.routeName,
    title: pageTitle(handle.routeName, params),
    sectionKey: page.section,
    section: sectionOf(handle.routeName),
  };
}
