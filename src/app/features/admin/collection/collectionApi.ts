import { z } from 'zod/mini';
import type { defineAdminCollection } from '../../../../shared/contract/adminCollection';
import type { rowIdParams } from '../../../../shared/contract/common';
import type { ContractSchema, RouteDescriptor } from '../../../../shared/contract/route';
import { callApi } from '../../../api/client';

type Collection<B extends ContractSchema, I extends ContractSchema> = ReturnType<typeof defineAdminCollection<string, string, B, I>>;

/** A write of any collection, seen through `RouteDescriptor`: its body is checked by the route's schema on the way out. */
type WriteRoute = RouteDescriptor & { readonly body: ContractSchema; readonly response: ContractSchema };
type UpdateRoute = WriteRoute & { readonly params: typeof rowIdParams };

/** The calls of one admin collection (its four contract routes), typed by its schemas. */
export interface CollectionApi<Item, Body> {
  /** The list route's id: names the list in the server-state cache (collection.queries.ts). */
  readonly key: string;
  list(signal?: AbortSignal): Promise<Item[]>;
  create(body: Body): Promise<Item>;
  update(rowId: number, body: Body): Promise<Item>;
  remove(rowId: number): Promise<unknown>;
}

/**
 * The calls of a collection made by `defineAdminCollection`. A save's answer is read with the
 * item schema (callApi has parsed it already; this gives it its type without a cast).
 */
export function collectionApi<B extends ContractSchema, I extends ContractSchema>(routes: Collection<B, I>): CollectionApi<z.output<I>, z.input<B>> {
  const item = routes.create.response;
  return {
    key: routes.list.id,
    list: (signal) => callApi(routes.list, { signal }),
    create: async (body) => z.parse(item, await callApi<WriteRoute>(routes.create, { body })),
    update: async (rowId, body) => z.parse(item, await callApi<UpdateRoute>(routes.update, { params: { rowId }, body })),
    remove: (rowId) => callApi(routes.remove, { params: { rowId } }),
  };
}
