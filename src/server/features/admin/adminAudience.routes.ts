import * as c from '../../../shared/contract/adminAudience.js';
import type { ServerContext } from '../../context.js';
import { implement, type RouteImplementation } from '../../http/contractRoutes.js';
import { adGroups } from './adGroups.service.js';
import { categories } from './categories.service.js';
import { implementCollection } from './collection/adminCollection.routes.js';
import { links } from './links.service.js';
import { previewRule, ruleOptions, rules } from './rules.service.js';

/** Rules, categories, links and directory groups of the admin area (Administrator only, by the contract). */
export function adminAudienceRoutes(context: ServerContext): RouteImplementation[] {
  const { db } = context;
  return [
    ...implementCollection(c.rulesCollection, rules, context),
    implement(c.previewRuleRoute, async ({ body }) => previewRule(db, body)),
    implement(c.ruleOptionsRoute, async () => ruleOptions(db)),
    ...implementCollection(c.categoriesCollection, categories, context),
    ...implementCollection(c.linksCollection, links, context),
    ...implementCollection(c.adGroupsCollection, adGroups, context),
  ];
}
