import { z } from './zod';
import { hexColour, isStorableText, roleSchema, rowId, text, textLimits } from './common';
import { collectionRoutes, defineAdminCollection } from './adminCollection';
import { defineRoute } from './route';

/**
 * The admin area's audience rules, resource categories and links, and directory groups
 * (issue 16). Administrators only; every id in a path is a shared record, not a user's own.
 */

const name = (max: number) => text(max, { trim: true }).check(z.minLength(1, 'Required'));
const list = <T extends z.core.SomeType>(item: T, max: number) => z.array(item).check(z.maxLength(max));
const count = z.int().check(z.nonnegative());

// ---- rules ----

/** SPEC §3 study level codes a rule can name. */
export const studyLevelCodes = [0, 1, 2, 3, 7, 8] as const;

/** The conditions of a rule: every non-empty field must match; within one, any value. */
export const ruleConditionsSchema = z.object({
  roles: list(roleSchema, 3),
  adGroupRowIds: list(rowId, 100),
  studyLevels: list(z.int().check(z.gte(0), z.lte(99)), 20),
  programmes: list(name(textLimits.short), 100),
  schools: list(name(textLimits.short), 100),
});
export type RuleConditions = z.infer<typeof ruleConditionsSchema>;

export const ruleBodySchema = z.extend(ruleConditionsSchema, {
  name: name(textLimits.short),
  isActive: z.boolean(),
});
export type RuleBody = z.infer<typeof ruleBodySchema>;

export const ruleSchema = z.extend(ruleBodySchema, {
  rowId,
  /** Links and categories targeted to it (a rule in use cannot be deleted). */
  linkCount: count,
  categoryCount: count,
});
export type AudienceRule = z.infer<typeof ruleSchema>;

export const rulePreviewSchema = z.object({
  /** Users the conditions match (the active flag aside). */
  count,
  /** Up to 10 of them, by display name. */
  sample: z.array(z.object({ userName: z.string(), displayName: z.string() })),
});
export type RulePreview = z.infer<typeof rulePreviewSchema>;

export const ruleOptionsSchema = z.object({
  programmes: z.array(z.string()),
  schools: z.array(z.string()),
});
export type RuleOptions = z.infer<typeof ruleOptionsSchema>;

/** Rules; a delete is refused (409) while links or categories are targeted to the rule: removing it would widen their audience. */
export const rulesCollection = defineAdminCollection({ name: 'rules', path: '/api/admin/rules', body: ruleBodySchema, item: ruleSchema });
export const { list: listRulesRoute, create: createRuleRoute, update: updateRuleRoute, remove: deleteRuleRoute } = rulesCollection;
/** How many users the conditions match, and a sample: for a rule being edited, saved or not. */
export const previewRuleRoute = defineRoute({
  id: 'admin.rulesPreview', method: 'POST', path: '/api/admin/rules/preview', body: ruleConditionsSchema, response: rulePreviewSchema, roles: ['Administrator'],
  // A read sent as a POST: a replay would show a stale count.
  isIdempotentByKey: false,
});
/** The programmes and schools profiles hold, to choose from in a rule. */
export const ruleOptionsRoute = defineRoute({
  id: 'admin.rulesOptions', method: 'GET', path: '/api/admin/rules/options', response: ruleOptionsSchema, roles: ['Administrator'],
});

// ---- categories ----

export const categoryBodySchema = z.object({
  name: name(textLimits.short),
  colour: hexColour,
  order: z.int().check(z.gte(0), z.lte(10_000)),
  ruleRowIds: list(rowId, 50),
});
export type CategoryBody = z.infer<typeof categoryBodySchema>;

export const adminCategorySchema = z.extend(categoryBodySchema, { rowId, linkCount: count });
export type AdminCategory = z.infer<typeof adminCategorySchema>;

/** Categories; a delete is refused (409) while the category holds links: move or delete them first (nothing is deleted silently). */
export const categoriesCollection = defineAdminCollection({
  name: 'categories', path: '/api/admin/categories', body: categoryBodySchema, item: adminCategorySchema, invalidates: ['resources'],
});
export const { list: listCategoriesRoute, create: createCategoryRoute, update: updateCategoryRoute, remove: deleteCategoryRoute } = categoriesCollection;

// ---- links ----

export const httpsUrlMessage = 'Enter a full https:// address, such as https://www.example.ac.uk/page';

/** An absolute https URL with a host and no user name or password in it. */
export function isHttpsUrl(value: string): boolean {
  if (!isStorableText(value) || !URL.canParse(value)) return false;
  const url = new URL(value);
  return url.protocol === 'https:' && url.hostname !== '' && url.username === '' && url.password === '';
}

/**
 * The URL as the WHATWG parser writes it (`HTTPS://Example.AC.uk` → `https://example.ac.uk/`,
 * `https:host` → `https://host/`), so what is stored is what every browser opens. Text that does not
 * parse is left as it is: the refinement before this has already refused it.
 */
export function normalisedUrl(value: string): string {
  return URL.canParse(value) ? new URL(value).href : value;
}

/** Icon names a link can carry (drawn by the app's icon set). */
export const linkIconNames = ['link', 'book', 'laptop', 'mail', 'calendar', 'heart', 'briefcase', 'map', 'help'] as const;

export const linkBodySchema = z.object({
  displayName: name(textLimits.short),
  url: text(textLimits.url, { trim: true }).check(z.refine(isHttpsUrl, httpsUrlMessage), z.overwrite(normalisedUrl)),
  description: z.optional(z.nullable(text(255, { trim: true }))),
  categoryRowId: rowId,
  icon: z.optional(z.nullable(z.enum(linkIconNames))),
  ruleRowIds: list(rowId, 50),
  isActive: z.boolean(),
});
export type LinkBody = z.infer<typeof linkBodySchema>;

export const adminLinkSchema = z.object({
  rowId,
  displayName: z.string(),
  url: z.string(),
  description: z.nullable(z.string()),
  categoryRowId: rowId,
  categoryName: z.string(),
  icon: z.nullable(z.enum(linkIconNames)),
  ruleRowIds: z.array(rowId),
  isActive: z.boolean(),
  /** Opens in the last 28 days. */
  opens28Days: count,
  /** Users who have it as a favourite (they lose it when it is deleted). */
  favouriteCount: count,
});
export type AdminLink = z.infer<typeof adminLinkSchema>;

/** Links; a delete takes the link's opens and the favourites that name it. */
export const linksCollection = defineAdminCollection({
  name: 'links', path: '/api/admin/links', body: linkBodySchema, item: adminLinkSchema,
  invalidates: ['resources'], deleteInvalidates: ['resources', 'favouriteResources'],
});
export const { list: listLinksRoute, create: createLinkRoute, update: updateLinkRoute, remove: deleteLinkRoute } = linksCollection;

// ---- directory groups ----

export const adGroupBodySchema = z.object({
  /** The id the identity provider sends in the groups claim. */
  groupId: name(256),
  displayName: name(textLimits.short),
  grantsRoles: list(roleSchema, 3),
  isAbsenceReviewGroup: z.boolean(),
  /** Members work the Student Support referral queue (issue 31). */
  isStudentSupportGroup: z.boolean(),
});
export type AdGroupBody = z.infer<typeof adGroupBodySchema>;

export const adGroupSchema = z.extend(adGroupBodySchema, { rowId, memberCount: count, ruleCount: count });
export type AdGroup = z.infer<typeof adGroupSchema>;

/** Directory groups; a delete is refused (409) while a rule names the group. Memberships go with it. */
export const adGroupsCollection = defineAdminCollection({ name: 'adgroups', path: '/api/admin/adgroups', body: adGroupBodySchema, item: adGroupSchema });
export const { list: listAdGroupsRoute, create: createAdGroupRoute, update: updateAdGroupRoute, remove: deleteAdGroupRoute } = adGroupsCollection;

export const adminAudienceRoutes = [
  ...collectionRoutes(rulesCollection), previewRuleRoute, ruleOptionsRoute,
  ...collectionRoutes(categoriesCollection),
  ...collectionRoutes(linksCollection),
  ...collectionRoutes(adGroupsCollection),
] as const;
