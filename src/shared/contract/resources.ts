import { z } from './zod';
import { hexColour, rowId, rowIdParams, webUrl } from './common';
import { defineRoute, raw } from './route';

/** A link to a digital platform or resource. */
export const resourceLinkSchema = z.object({
  rowId,
  displayName: z.string(),
  // Extra fields the tiles need.
  url: webUrl,
  description: z.nullable(z.string()),
});
export type ResourceLink = z.infer<typeof resourceLinkSchema>;

/** A link's place within a category. */
export const categoryLinkSchema = z.object({
  link: resourceLinkSchema,
  order: z.int(),
});
export type CategoryLink = z.infer<typeof categoryLinkSchema>;

export const resourceCategorySchema = z.object({
  rowId,
  categoryName: z.string(),
  colour: hexColour,
  categoryLinks: z.array(categoryLinkSchema),
});
export type ResourceCategory = z.infer<typeof resourceCategorySchema>;

export const resourcesSchema = z.object({
  categories: z.array(resourceCategorySchema),
  /** Most opened links, most popular first. */
  popularResources: z.array(resourceLinkSchema),
});
export type Resources = z.infer<typeof resourcesSchema>;

export const resourcesRoute = defineRoute({
  id: 'resources.list',
  method: 'GET',
  path: '/api/content/resources',
  response: resourcesSchema,
  roles: [],
  cacheMinutes: 60,
});

/** Counts one open of a link, which feeds popularResources. */
export const openResourceRoute = defineRoute({
  id: 'resources.open',
  method: 'POST',
  path: '/api/content/resources/:rowId/open',
  params: rowIdParams,
  response: raw.empty,
  roles: [],
  // A shared link (hidden ones answer 404 to those they are hidden from).
  ownedParams: { rowId: null },
  offline: 'queue',
});

export const resourceRoutes = [resourcesRoute, openResourceRoute] as const;
