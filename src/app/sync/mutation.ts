/**
 * Named mutations: every write that may be queued offline is defined once, here by its feature
 * (`features/<feature>/<feature>.mutations.ts`, listed in `startup/registeredMutations.ts`):
 * its name, its args schema, its contract route (params and body built from the args at send
 * time), the resource it changes, and `apply(draft, args)`, the optimistic change. The outbox
 * stores `{ name, args }`, so a fresh server value can be rebased (the pending mutations applied
 * on top of it, in order), and features ask what is pending by name, never by parsing URLs.
 * Plain data and pure functions: the service worker runs them too.
 */
import { z } from 'zod/mini';
import { isQueuedOffline, type ContractSchema, type HttpMethod, type RouteDescriptor } from '../../shared/contract/route';
import { buildUrl } from '../api/url';
import type { OutboxEntry } from '../db/schema';

/**
 * The version of the outbox entry format. A new format needs a Dexie version whose upgrade migrates
 * queued entries, kept only as long as docs/decisions/0064 says.
 */
export const outboxSchemaVersion = 2;

export type WriteRoute = RouteDescriptor & { readonly method: 'POST' | 'PUT' | 'DELETE' };

export type Params = Readonly<Record<string, string | number>>;

export interface MutationDefinition<A = unknown, T = unknown> {
  /** Stable, stored in queued entries: never rename one that may still be queued. */
  readonly name: string;
  readonly args: ContractSchema;
  readonly route: WriteRoute;
  /** The cached resource (registry key) it changes; none for a write with no optimistic change. */
  readonly resourceKey?: (args: A) => string;
  readonly params?: (args: A) => Params;
  /** The JSON body; none when left out. */
  readonly body?: (args: A) => unknown;
  /** The optimistic change: pure, and harmless to apply twice (replays and rebases repeat it). */
  readonly apply?: (draft: T | undefined, args: A) => T;
}

export function allMutations(): MutationDefinition[] {
  return [...definitions.values()];
}

const definitions = new Map<string, MutationDefinition>();

/**
 * Registers a mutation and returns it typed. Defining a name again replaces it (hot reload). Its
 * route must declare `offline: 'queue'`: a write that needs a connection is never queued.
 */
export function defineMutation<A, T>(definition: MutationDefinition<A, T>): MutationDefinition<A, T> {
  if (!isQueuedOffline(definition.route)) throw new Error(`${definition.route.id} needs a connection: not queued`);
  definitions.set(definition.name, definition as unknown as MutationDefinition);
  return definition;
}

export function findMutation(name: string): MutationDefinition | undefined {
  return definitions.get(name);
}

/**
 * Entries that could not be mapped to a named mutation when the raw-request outbox of development
 * builds was upgraded (Dexie version 3, whose migration is gone: docs/decisions/0064): they are
 * kept as the request they were, so they still flush, and change nothing optimistically. An entry
 * this release cannot send is kept and retried, so this kind stays until no device can hold one.
 */
export const legacyRequestName = 'legacy.request';
export const legacyRequestArgs = z.object({
  method: z.enum(['POST', 'PUT', 'DELETE']),
  url: z.string(),
  body: z.nullable(z.string()),
});
export type LegacyRequestArgs = z.output<typeof legacyRequestArgs>;

/** The HTTP request an entry stands for, built from its contract route at send time. */
export interface BuiltRequest {
  readonly method: HttpMethod;
  readonly url: string;
  /** Serialised JSON, or null for none. */
  readonly body: string | null;
}

/**
 * The route an entry was queued for. Only named mutations queue entries, and each carries its
 * route, so the registry of mutations is the whole lookup: the client never needs the full route
 * list (which would put every admin descriptor in a student's bundle).
 */
function findRoute(routeId: string): RouteDescriptor | undefined {
  return [...definitions.values()].find((definition) => definition.route.id === routeId)?.route;
}

/**
 * Builds the request. `unknown` when the entry's name or route is unknown to this release (written
 * by a newer one: kept for it); `invalid` when this release knows the mutation but its stored args
 * no longer make a request its route accepts (queued by an older release whose shape changed
 * since): nothing could ever send it, so the flusher drops it as refused rather than let it block
 * every write queued after it.
 */
export function buildRequest(entry: Pick<OutboxEntry, 'name' | 'args' | 'routeId' | 'params'>): BuiltRequest | 'unknown' | 'invalid' {
  if (entry.name === legacyRequestName) {
    const parsed = z.safeParse(legacyRequestArgs, entry.args);
    return parsed.success ? parsed.data : 'invalid';
  }
  const definition = findMutation(entry.name);
  const route = findRoute(entry.routeId);
  if (!definition || !route) return 'unknown';
  if (!z.safeParse(definition.args, entry.args).success) return 'invalid';
  const body = definition.body?.(entry.args);
  const checked = route.body && body !== undefined ? z.safeParse(route.body, body) : { success: true as const, data: body };
  if (!checked.success) return 'invalid';
  return { method: route.method, url: buildUrl(route.path, entry.params), body: checked.data === undefined ? null : JSON.stringify(checked.data) };
}

/** A value with the given mutations applied in order (unknown or legacy ones change nothing). */
export function applyMutations(base: unknown, entries: readonly Pick<OutboxEntry, 'name' | 'args'>[]): unknown {
  let value = base;
  for (const entry of entries) {
    const definition = findMutation(entry.name);
    if (definition?.apply) value = definition.apply(value, entry.args);
  }
  return value;
}
