import type { RouteName } from '../../routing/paths';

/**
 * What each not-yet-built page will hold, in one honest sentence. A feature issue that builds a
 * page points its route at the real component (routes.tsx) and removes its line here.
 */
export const plannedTexts: Partial<Record<RouteName, string>> = {
  manageRules: 'Rules that decide which links and notifications each group of users sees will be managed here.',
  adminCategories: 'The categories that group resources will be managed here.',
  adminLinks: 'The links shown on the resources page will be managed here.',
  adminAdGroups: 'The directory groups the app knows about will be managed here.',
};
