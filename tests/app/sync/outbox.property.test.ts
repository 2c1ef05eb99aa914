import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setActiveUser } from '../../../src/app/db/activeUser';
import { closeUserDatabase, getUserDatabase } from '../../../src/app/db/userDatabase';
import { ensureFresh } from '../../../src/app/sync/ensureFresh';
import { enqueueMutation } from '../../../src/app/sync/outbox';
import { createOutboxSync, type OutboxSync } from '../../../src/app/sync/outboxSync';
import { flushUserOutbox } from '../../../src/app/sync/workerFlush';
import { onWriteRefused } from '../../../src/app/sync/writeRefusals';
import { makeUser, putValueMutation, valueNames, valueResources, type ValueName } from './support/fixtures';
import { endPropertyRun, propertyParameters } from './support/propertyRun';
import { ModelServer, turns, type NetworkMode } from './support/modelServer';

/**
 * Random interleavings of optimistic writes to three resources, connection failures, lost answers,
 * 5xx, 4xx refusals, page flushes, service worker flushes (alone, and at the same time as the
 * page's, on its own database connection), reads racing the writes, random latencies, and restarts
 * (a new database connection and a new flusher), including a crash in the middle of a flush, and
 * reopening the app, whose start-up replaces the XSRF-TOKEN cookie before the queue is replayed.
 * Once the connection is back and a final flush ran, Dexie and the server must agree; every
 * accepted write must have reached the server, each resource's writes in the order they were made
 * (a replay after a lost answer may repeat a write, never reorder it: the registers are
 * last-write-wins, like the real PUTs); every refusal must be reported once; the queue be empty.
 * Reproduce a failure with FC_SEED=<seed> (and FC_PATH); search harder with FC_RUNS=2000.
 */
type Command =
  | { readonly kind: 'write'; readonly name: ValueName; readonly isRefused: boolean }
  | { readonly kind: 'network'; readonly mode: NetworkMode }
  | { readonly kind: 'flush' }
  | { readonly kind: 'worker-flush' }
  | { readonly kind: 'flush-with-worker'; readonly isWorkerFirst: boolean }
  | { readonly kind: 'read'; readonly name: ValueName }
  | { readonly kind: 'slow-read-across-write'; readonly name: ValueName; readonly latency: number }
  | { readonly kind: 'restart' }
  | { readonly kind: 'reopen-with-new-token' }
  | { readonly kind: 'crash-while-flushing'; readonly turns: number };

const name = fc.constantFrom(...valueNames);
const command: fc.Arbitrary<Command> = fc.oneof(
  { weight: 6, arbitrary: fc.record({ kind: fc.constant('write' as const), name, isRefused: fc.integer({ min: 0, max: 4 }).map((n) => n === 0) }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('network' as const), mode: fc.constantFrom<NetworkMode>('up', 'down', 'lossy', 'error5xx') }) },
  { weight: 4, arbitrary: fc.constant({ kind: 'flush' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'worker-flush' as const }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('flush-with-worker' as const), isWorkerFirst: fc.boolean() }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('read' as const), name }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'restart' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'reopen-with-new-token' as const }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('slow-read-across-write' as const), name, latency: fc.integer({ min: 0, max: 50 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('crash-while-flushing' as const), turns: fc.integer({ min: 0, max: 40 }) }) },
);

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

/** [1, 1, 2, 2, 2, 3] -> [1, 2, 3]: a replayed write repeats its predecessor immediately. */
function dedupeConsecutive(values: readonly number[]): number[] {
  return values.filter((value, index) => index === 0 || values[index - 1] !== value);
}

/** While a resource has queued writes it is pending and shows the last of them; otherwise it is not pending. */
async function expectOptimisticRows(userId: string, lastWritten: ReadonlyMap<ValueName, number>): Promise<void> {
  const db = getUserDatabase(userId);
  for (const list of valueNames) {
    const key = valueResources[list].key;
    const [row, queued] = await Promise.all([db.resources.get(key), db.outbox.where('resourceKey').equals(key).count()]);
    expect(row?.isPending ?? false).toBe(queued > 0);
    if (queued > 0) expect(row?.value).toBe(lastWritten.get(list));
  }
}

async function run(commands: readonly Command[], latencies: readonly number[]): Promise<void> {
  const user = makeUser();
  setActiveUser(user);
  const server = new ModelServer(user.userId);
  server.latencies = latencies;
  vi.stubGlobal('fetch', server.fetch);
  vi.stubGlobal('document', { get cookie() { return server.cookie; } });
  const newSync = () => createOutboxSync({ userId: user.userId, fetch: server.fetch, setTimer: () => () => undefined });
  let sync: OutboxSync = newSync();
  const refusedByKey = new Map<string, number>();
  const stopListening = onWriteRefused(({ resourceKey }) => refusedByKey.set(resourceKey, (refusedByKey.get(resourceKey) ?? 0) + 1));
  const accepted = new Map<ValueName, number[]>(valueNames.map((list) => [list, []]));
  const refused = new Map<ValueName, number>(valueNames.map((list) => [list, 0]));
  const lastWritten = new Map<ValueName, number>();
  const write = async (list: ValueName, value: number) => {
    if (value < 0) refused.set(list, (refused.get(list) ?? 0) + 1);
    else accepted.get(list)?.push(value);
    lastWritten.set(list, value);
    await enqueueMutation(putValueMutation, { name: list, value });
  };
  const workerFlush = () => flushUserOutbox(user.userId, server.fetch).catch(() => undefined);
  const restart = () => {
    sync.stop();
    closeUserDatabase();
    sync = newSync();
  };
  try {
    for (const [index, step] of commands.entries()) {
      switch (step.kind) {
        case 'write': {
          await write(step.name, step.isRefused ? -(index + 1) : index + 1);
          break;
        }
        case 'slow-read-across-write': {
          // A read that left before a write and answers after the write was sent and settled.
          server.nextReadLatency = step.latency;
          const reading = ensureFresh(valueResources[step.name], { force: true }).catch(() => undefined);
          await write(step.name, index + 1);
          await sync.flush();
          await reading;
          break;
        }
        case 'network':
          server.mode = step.mode;
          break;
        case 'flush':
          await sync.flush();
          break;
        case 'worker-flush': // Background Sync, with the page closed or in the background
          await workerFlush();
          break;
        case 'flush-with-worker': // the page and the service worker at the same time
          await Promise.all(step.isWorkerFirst ? [workerFlush(), sync.flush()] : [sync.flush(), workerFlush()]);
          break;
        case 'read':
          await ensureFresh(valueResources[step.name], { force: true }).catch(() => undefined);
          break;
        case 'restart':
          restart();
          break;
        case 'reopen-with-new-token': // the app closed and reopened: start-up set a new XSRF-TOKEN cookie
          restart();
          server.rotateToken();
          break;
        case 'crash-while-flushing': {
          const flushing = sync.flush().catch(() => undefined);
          await turns(step.turns);
          restart();
          await flushing;
          break;
        }
      }
      await expectOptimisticRows(user.userId, lastWritten);
    }

    // Connectivity returns; the app starts (or carries on) and flushes until the queue is empty.
    server.mode = 'up';
    restart();
    await sync.flush(); // as start-up does
    for (let round = 0; round < 3 && (await getUserDatabase(user.userId).outbox.count()) > 0; round += 1) await sync.flush();
    for (const list of valueNames) await ensureFresh(valueResources[list]); // what a screen showing it does

    const db = getUserDatabase(user.userId);
    expect(await db.outbox.count()).toBe(0);
    for (const list of valueNames) {
      const row = await db.resources.get(valueResources[list].key);
      const arrived = server.log.filter((application) => application.name === list).map(({ value }) => value);
      const expected = accepted.get(list) ?? [];
      expect(dedupeConsecutive(arrived)).toEqual(expected); // none lost, in order; a replay only repeats
      expect(server.value(list)).toBe(expected.at(-1) ?? null);
      expect(row?.value ?? null).toBe(server.value(list)); // Dexie agrees with the server
      expect(row?.isPending ?? false).toBe(false);
      expect(refusedByKey.get(valueResources[list].key) ?? 0).toBe(refused.get(list)); // each refusal told once
    }
  } finally {
    await endPropertyRun(user.userId, sync, stopListening);
  }
}

describe('the outbox, under random interleavings', () => {
  it('ends with Dexie and the server in agreement, no write lost or doubled, order kept, queue empty', async () => {
    const latencies = fc.array(fc.integer({ min: 0, max: 12 }), { maxLength: 8, size: 'max' });
    await fc.assert(fc.asyncProperty(fc.array(command, { minLength: 5, maxLength: 40, size: 'max' }), latencies, run), propertyParameters());
  }, 600_000);
});
