/**
 * Upgrades an outbox written before named mutations (Dexie schema version 2 and earlier: raw
 * `{ method, url, body, xsrfToken }` requests) to named mutations, and gives every cached row a
 * server base. No queued write is lost: an entry no mutation recognises is kept as a
 * `legacy.request`, which still flushes as the request it was.
 */
import type { Transaction } from 'dexie';
import { z } from 'zod/mini';
import type { OutboxEntry } from '../db/schema';
import { allMutations, legacyRequestName, outboxSchemaVersion, type Params } from './mutation';
import '../startup/registeredMutations';

interface LegacyEntry {
  readonly seq?: number;
  readonly id: string;
  readonly resourceKey: string;
  readonly method: 'POST' | 'PUT' | 'DELETE';
  readonly url: string;
  readonly body: string | null;
  readonly enqueuedAt?: number;
  readonly attempts?: number;
}

const isLegacyEntry = (entry: object): entry is LegacyEntry => !('name' in entry) && 'url' in entry && 'method' in entry;

/** The path params of `url` when it matches the route path (`/a/:rowId`), else undefined. */
export function matchPath(path: string, url: string): Params | undefined {
  const names: string[] = [];
  const pattern = path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_match, name: string) => {
    names.push(name);
    return '([^/]+)';
  });
  const match = new RegExp(`^${pattern}$`).exec(url.split('?')[0] ?? '');
  if (!match) return undefined;
  const params: Record<string, string | number> = {};
  names.forEach((name, index) => {
    const raw = decodeURIComponent(match[index + 1] ?? '');
    params[name] = /^-?\d+$/.test(raw) ? Number(raw) : raw;
  });
  return params;
}

function parseJson(text: string | null): unknown {
  if (text === null) return undefined;
  try {
    const value: unknown = JSON.parse(text);
    return value;
  } catch {
    return undefined;
  }
}

/** The named form of one raw entry: a mutation whose route and args fit, else a legacy request. */
export function migrateLegacyEntry(entry: LegacyEntry, userId: string, current: unknown): OutboxEntry {
  const common = {
    ...(entry.seq === undefined ? {} : { seq: entry.seq }),
    id: entry.id,
    resourceKey: entry.resourceKey,
    createdAt: entry.enqueuedAt ?? Date.now(),
    attempts: entry.attempts ?? 0,
    userId,
    schemaVersion: outboxSchemaVersion,
  };
  const body = parseJson(entry.body);
  for (const definition of allMutations()) {
    if (definition.route.method !== entry.method || !definition.fromRequest) continue;
    const params = matchPath(definition.route.path, entry.url);
    if (!params) continue;
    const args = definition.fromRequest({ params, body, current });
    if (args === undefined || !z.safeParse(definition.args, args).success) continue;
    if ((definition.resourceKey?.(args) ?? '') !== entry.resourceKey) continue;
    return { ...common, name: definition.name, args, routeId: definition.route.id, params: definition.params?.(args) ?? {} };
  }
  return { ...common, name: legacyRequestName, args: { method: entry.method, url: entry.url, body: entry.body }, routeId: '', params: {} };
}

export async function upgradeToNamedMutations(tx: Transaction, userId: string): Promise<void> {
  const resources = tx.table('resources');
  const rows = (await resources.toArray()) as { key: string; value: unknown }[];
  const values = new Map(rows.map((row) => [row.key, row.value]));
  // The cached value becomes the base; a pending one holds optimistic changes, so it is refetched
  // (the queued mutations are replayed on the server's value then).
  await resources.toCollection().modify((row: Record<string, unknown>) => {
    if ('base' in row) return;
    row.base = row.value;
    row.acks = 0;
    if (row.isPending === true) {
      row.etag = null;
      row.isStale = true;
    }
  });
  await tx
    .table('outbox')
    .toCollection()
    .modify((entry: object, ref: { value: unknown }) => {
      if (isLegacyEntry(entry)) ref.value = migrateLegacyEntry(entry, userId, values.get(entry.resourceKey));
    });
}
