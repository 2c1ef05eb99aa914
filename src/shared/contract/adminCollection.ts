import { z } from './zod';
import { rowIdParams } from './common';
import { defineRoute, raw, type ContractSchema } from './route';

/**
 * One admin collection (issue 33 §3): a list of shared records an administrator adds, edits and
 * deletes, such as the audience rules, categories, links and directory groups. Its four routes
 * come from one description, so each collection has the same shape: Administrator only, the ids
 * in paths are shared records (no one user's), and a delete answers with no body.
 */
export interface AdminCollectionDescription<Name extends string, Path extends string, Body extends ContractSchema, Item extends ContractSchema> {
  /** The collection's name in route ids: `rules` gives `admin.rulesList`, `admin.rulesCreate`, … */
  readonly name: Name;
  /** The list's path; an item is `<path>/:rowId`. */
  readonly path: Path;
  /** What a create or update sends. */
  readonly body: Body;
  /** One record as the list and a save answer it. */
  readonly item: Item;
  /** The client's resources a create or update changes (see `RouteDescriptor.invalidates`). */
  readonly invalidates?: readonly string[];
  /** The client's resources a delete changes; the same as a save's by default. */
  readonly deleteInvalidates?: readonly string[];
}

const administrator = ['Administrator'] as const;
const shared = { rowId: null } as const;
const invalidating = (keys: readonly string[] | undefined) => (keys?.length ? { invalidates: keys } : {});

/** The list, create, update and delete routes of one admin collection. */
export function defineAdminCollection<const Name extends string, const Path extends string, Body extends ContractSchema, Item extends ContractSchema>(
  description: AdminCollectionDescription<Name, Path, Body, Item>,
) {
  const { name, path, body, item, invalidates } = description;
  const itemPath = `${path}/:rowId` as const;
  return {
    list: defineRoute({ id: `admin.${name}List`, method: 'GET', path, response: z.array(item), roles: administrator }),
    create: defineRoute({ id: `admin.${name}Create`, method: 'POST', path, body, response: item, roles: administrator, ...invalidating(invalidates) }),
    update: defineRoute({
      id: `admin.${name}Update`, method: 'PUT', path: itemPath, params: rowIdParams, body, response: item, roles: administrator, ownedParams: shared,
      ...invalidating(invalidates),
    }),
    remove: defineRoute({
      id: `admin.${name}Delete`, method: 'DELETE', path: itemPath, params: rowIdParams, response: raw.empty, roles: administrator, ownedParams: shared,
      ...invalidating(description.deleteInvalidates ?? invalidates),
    }),
  };
}

/** The routes of any admin collection. */
export type AdminCollectionRoutes = ReturnType<typeof defineAdminCollection>;

/** The four routes in contract order. */
export const collectionRoutes = <L, C, U, D>(routes: { readonly list: L; readonly create: C; readonly update: U; readonly remove: D }) =>
  [routes.list, routes.create, routes.update, routes.remove] as const;
