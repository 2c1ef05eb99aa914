import type { z } from 'zod/mini';
import type { ContractSchema, RouteDescriptor } from '../../shared/contract/route';
import type { SignedInUserInfo } from '../../shared/contract/user';
import type { QueryInput } from '../api/url';

/** A GET route whose JSON answer the contract describes, i.e. one that can be cached. */
export type CacheableRoute = RouteDescriptor & { readonly method: 'GET'; readonly response: ContractSchema };

/** Resources without a SPEC §9 lifetime are revalidated (a cheap 304) when older than this. */
export const defaultTtlMinutes = 1;

/**
 * A list the server answers in pages (a `Link` rel="next" header): the order the server sends
 * it in, and the identity of an item, so a page can take the place of the copy held before it.
 */
export interface ListPaging {
  /** The server's order: negative when `a` comes first. */
  readonly compare: (a: unknown, b: unknown) => number;
  readonly idOf: (item: unknown) => unknown;
}

/** One cached server resource: where it comes from, how long it stays fresh, who may load it. */
export interface Resource<T = unknown> {
  readonly key: string;
  readonly route: CacheableRoute;
  readonly ttlMinutes: number;
  readonly isAllowed: (user: SignedInUserInfo) => boolean;
  readonly params?: Readonly<Record<string, string | number>>;
  readonly query?: QueryInput;
  /** Loaded by the signed-in start-up sequence (SPEC §7 "Start-up"). */
  readonly isLoadedOnStartup: boolean;
  readonly paging?: ListPaging;
  /** Phantom: the type of the cached value. */
  readonly __value?: T;
}

export interface ResourceDefinition<R extends CacheableRoute> {
  readonly key: string;
  readonly route: R;
  /** Defaults to the route's `cacheMinutes` (SPEC §9), else `defaultTtlMinutes`. */
  readonly ttlMinutes?: number;
  /** Defaults to everyone signed in; e.g. `(user) => user.isStudentSignedIn`. */
  readonly isAllowed?: (user: SignedInUserInfo) => boolean;
  readonly params?: Readonly<Record<string, string | number>>;
  readonly query?: QueryInput;
  readonly loadOnStartup?: boolean;
  /** The answer is a list in pages: every page is fetched, each stored as it arrives. */
  readonly paging?: ListPaging;
}

const registry = new Map<string, Resource>();

/**
 * Registers a resource and returns its typed handle. Registering a key again replaces it (module
 * hot reload re-runs the definition).
 */
export function defineResource<const R extends CacheableRoute>(
  definition: ResourceDefinition<R>,
): Resource<z.output<R['response']>> {
  const resource: Resource<z.output<R['response']>> = {
    key: definition.key,
    route: definition.route,
    ttlMinutes: definition.ttlMinutes ?? definition.route.cacheMinutes ?? defaultTtlMinutes,
    isAllowed: definition.isAllowed ?? (() => true),
    ...(definition.params ? { params: definition.params } : {}),
    ...(definition.query ? { query: definition.query } : {}),
    isLoadedOnStartup: definition.loadOnStartup ?? false,
    ...(definition.paging ? { paging: definition.paging } : {}),
  };
  registry.set(resource.key, resource);
  return resource;
}

export function findResource(key: string): Resource | undefined {
  return registry.get(key);
}

/** Looks a resource up; an unknown key is a programming error. */
export function getResource(key: string): Resource {
  const resource = registry.get(key);
  if (!resource) throw new Error(`Unknown resource: ${key}`);
  return resource;
}

/** Every registered resource the start-up sequence loads, in registration order. */
export function startupResources(): Resource[] {
  return [...registry.values()].filter((resource) => resource.isLoadedOnStartup);
}

export type ResourceRef<T = unknown> = Resource<T> | string;

export function resourceKeyOf(ref: ResourceRef): string {
  return typeof ref === 'string' ? ref : ref.key;
}
