import type { RouteDescriptor } from '../../shared/contract/route';

/**
 * What runs after a successful API write before the call resolves: reloading the resources the
 * route `invalidates`. The sync layer installs it (sync/invalidation.ts, loaded by the signed-in
 * start-up), so the API client, which is in the entry chunk, does not pull in Dexie.
 */
type AfterWrite = (route: Pick<RouteDescriptor, 'invalidates'>) => Promise<void>;

let afterWrite: AfterWrite | undefined;

export function setAfterWrite(handler: AfterWrite): void {
  afterWrite = handler;
}

export async function runAfterWrite(route: Pick<RouteDescriptor, 'invalidates'>): Promise<void> {
  if (route.invalidates?.length) await afterWrite?.(route);
}
