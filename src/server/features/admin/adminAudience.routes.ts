import * as c from '../../../shared/contract/adminAudience.js';
import type { ServerContext } from '../../context.js';
import { implement, type RouteImplementation } from '../../http/contractRoutes.js';
import * as groups from './adGroups.service.js';
import * as categories from './categories.service.js';
import * as links from './links.service.js';
import * as rules from './rules.service.js';

/** Rules, categories, links and directory groups of the admin area (Administrator only, by the contract). */
export function adminAudienceRoutes({ db, clock }: ServerContext): RouteImplementation[] {
  return [
    implement(c.listRulesRoute, async () => rules.listRules(db)),
    implement(c.createRuleRoute, async ({ user, body }) => rules.createRule(db, user.id, body, clock.now())),
    implement(c.updateRuleRoute, async ({ user, params, body }) => rules.updateRule(db, user.id, params.rowId, body, clock.now())),
    implement(c.deleteRuleRoute, async ({ user, params }) => rules.deleteRule(db, user.id, params.rowId, clock.now())),
    implement(c.previewRuleRoute, async ({ body }) => rules.previewRule(db, body)),
    implement(c.ruleOptionsRoute, async () => rules.ruleOptions(db)),
    implement(c.listCategoriesRoute, async () => categories.listCategories(db)),
    implement(c.createCategoryRoute, async ({ user, body }) => categories.createCategory(db, user.id, body, clock.now())),
    implement(c.updateCategoryRoute, async ({ user, params, body }) => categories.updateCategory(db, user.id, params.rowId, body, clock.now())),
    implement(c.deleteCategoryRoute, async ({ user, params }) => categories.deleteCategory(db, user.id, params.rowId, clock.now())),
    implement(c.listLinksRoute, async () => links.listLinks(db, clock.now())),
    implement(c.createLinkRoute, async ({ user, body }) => links.createLink(db, user.id, body, clock.now())),
    implement(c.updateLinkRoute, async ({ user, params, body }) => links.updateLink(db, user.id, params.rowId, body, clock.now())),
    implement(c.deleteLinkRoute, async ({ user, params }) => links.deleteLink(db, user.id, params.rowId, clock.now())),
    implement(c.listAdGroupsRoute, async () => groups.listAdGroups(db)),
    implement(c.createAdGroupRoute, async ({ user, body }) => groups.createAdGroup(db, user.id, body, clock.now())),
    implement(c.updateAdGroupRoute, async ({ user, params, body }) => groups.updateAdGroup(db, user.id, params.rowId, body, clock.now())),
    implement(c.deleteAdGroupRoute, async ({ user, params }) => groups.deleteAdGroup(db, user.id, params.rowId, clock.now())),
  ];
}
