import { z } from './zod';
import { hexColour, isStorableText, roleSchema, rowId, rowIdParams, text, textLimits } from './common';
import { defineRoute, raw } from './route';

/**
 * The admin area's audience rules, resource categories and links, and directory groups
 * (issue 16). Administrators only; every id in a path is a shared record, not a user's own.
 */

const name = (max: number) => text(max, { trim: true }).check(z.minLength(1, 'Required'));
const list = <T extends z.core.SomeType>(item: T, max: number) => z.array(item).check(z.maxLength(max));
const shared = { rowId: null } as const;
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

export const listRulesRoute = defineRoute({
  id: 'admin.rulesList', method: 'GET', path: '/api/admin/rules', response: z.array(ruleSchema), roles: ['Administrator'],
});
export const createRuleRoute = defineRoute({
  id: 'admin.rulesCreate', method: 'POST', path: '/api/admin/rules', body: ruleBodySchema, response: ruleSchema, roles: ['Administrator'],
});
export const updateRuleRoute = defineRoute({
  id: 'admin.rulesUpdate', method: 'PUT', path: '/api/admin/rules/:rowId', params: rowIdParams, body: ruleBodySchema, response: ruleSchema, roles: ['Administrator'], ownedParams: shared,
});
/** 409 while links or categories are targeted to the rule: removing it would widen their audience. */
export const deleteRuleRoute = defineRoute({
  id: 'admin.rulesDelete', method: 'DELETE', path: '/api/admin/rules/:rowId', params: rowIdParams, response: raw.empty, roles: ['Administrator'], ownedParams: shared,
});
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

export const listCategoriesRoute = defineRoute({
  id: 'admin.categoriesList', method: 'GET', path: '/api/admin/categories', response: z.array(adminCategorySchema), roles: ['Administrator'],
});
export const createCategoryRoute = defineRoute({
  id: 'admin.categoriesCreate', method: 'POST', path: '/api/admin/categories', body: categoryBodySchema, response: adminCategorySchema, roles: ['Administrator'], invalidates: ['resources'],
});
export const updateCategoryRoute = defineRoute({
  id: 'admin.categoriesUpdate', method: 'PUT', path: '/api/admin/categories/:rowId', params: rowIdParams, body: categoryBodySchema, response: adminCategorySchema, roles: ['Administrator'], ownedParams: shared, invalidates: ['resources'],
});
/** 409 while the category holds links: move or delete them first (nothing is deleted silently). */
export const deleteCategoryRoute = defineRoute({
  id: 'admin.categoriesDelete', method: 'DELETE', path: '/api/admin/categories/:rowId', params: rowIdParams, response: raw.empty, roles: ['Administrator'], ownedParams: shared, invalidates: ['resources'],
});

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

export const listLinksRoute = defineRoute({
  id: 'admin.linksList', method: 'GET', path: '/api/admin/links', response: z.array(adminLinkSchema), roles: ['Administrator'],
});
export const createLinkRoute = defineRoute({
  id: 'admin.linksCreate', method: 'POST', path: '/api/admin/links', body: linkBodySchema, response: adminLinkSchema, roles: ['Administrator'], invalidates: ['resources'],
});
export const updateLinkRoute = defineRoute({
  id: 'admin.linksUpdate', method: 'PUT', path: '/api/admin/links/:rowId', params: rowIdParams, body: linkBodySchema, response: adminLinkSchema, roles: ['Administrator'], ownedParams: shared, invalidates: ['resources'],
});
/** Deletes the link with its opens and the favourites that name it. */
export const deleteLinkRoute = defineRoute({
  id: 'admin.linksDelete', method: 'DELETE', path: '/api/admin/links/:rowId', params: rowIdParams, response: raw.empty, roles: ['Administrator'], ownedParams: shared, invalidates: ['resources', 'favouriteResources'],
});

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

export const listAdGroupsRoute = defineRoute({
  id: 'admin.adgroupsList', method: 'GET', path: '/api/admin/adgroups', response: z.array(adGroupSchema), roles: ['Administrator'],
});
export const createAdGroupRoute = defineRoute({
  id: 'admin.adgroupsCreate', method: 'POST', path: '/api/admin/adgroups', body: adGroupBodySchema, response: adGroupSchema, roles: ['Administrator'],
});
export const updateAdGroupRoute = defineRoute({
  id: 'admin.adgroupsUpdate', method: 'PUT', path: '/api/admin/adgroups/:rowId', params: rowIdParams, body: adGroupBodySchema, response: adGroupSchema, roles: ['Administrator'], ownedParams: shared,
});
/** 409 while a rule names the group. Memberships go with it. */
export const deleteAdGroupRoute = defineRoute({
  id: 'admin.adgroupsDelete', method: 'DELETE', path: '/api/admin/adgroups/:rowId', params: rowIdParams, response: raw.empty, roles: ['Administrator'], ownedParams: shared,
});

export const adminAudienceRoutes = [
  listRulesRoute, createRuleRoute, updateRuleRoute, deleteRuleRoute, previewRuleRoute, ruleOptionsRoute,
  listCategoriesRoute, createCategoryRoute, updateCategoryRoute, deleteCategoryRoute,
  listLinksRoute, createLinkRoute, updateLinkRoute, deleteLinkRoute,
  listAdGroupsRoute, createAdGroupRoute, updateAdGroupRoute, deleteAdGroupRoute,
] as const;
