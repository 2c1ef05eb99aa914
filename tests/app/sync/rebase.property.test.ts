import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setActiveUser } from '../../../src/app/db/activeUser';
import { closeUserDatabase, getUserDatabase } from '../../../src/app/db/userDatabase';
import { ensureFresh } from '../../../src/app/sync/ensureFresh';
import { applyMutations } from '../../../src/app/sync/mutation';
import { enqueueMutation } from '../../../src/app/sync/outbox';
import { createOutboxSync, type OutboxSync } from '../../../src/app/sync/outboxSync';
import { flushUserOutbox } from '../../../src/app/sync/workerFlush';
import { onWriteRefused } from '../../../src/app/sync/writeRefusals';
import { addItemMutation, makeUser, removeItemMutation, setResource } from './support/fixtures';
import { endPropertyRun, propertyParameters } from './support/propertyRun';
import { ModelServer, type NetworkMode } from './support/modelServer';

/**
 * Rebase under random interleavings: local adds and removes on a set (as favourites are), the
 * same user's other device changing the set on the server, reads, page and service worker
 * flushes, lost answers, 5xx, refusals, restarts and reopened apps with a new token.
 * - After every read, the shown value is the base with the still-queued mutations applied in
 *   order, marked pending; after a read that reached the server, the base is the set it answered.
 * - In the end (connection back, flushed, read) Dexie shows exactly the server's set; every
 *   accepted local write reached the server, in the order made, and (unless the page closed in the
 *   middle of a flush) none was sent again after its success answer had arrived; refused ones
 *   never changed it, and each refusal was told once.
 * Reproduce a failure with FC_SEED=<seed> (and FC_PATH); search harder with FC_RUNS=2000.
 */
type Command =
  | { readonly kind: 'local'; readonly op: 'add' | 'remove'; readonly item: number; readonly isRefused: boolean }
  | { readonly kind: 'other-device'; readonly op: 'add' | 'remove'; readonly item: number }
  | { readonly kind: 'network'; readonly mode: NetworkMode }
  | { readonly kind: 'read' }
  | { readonly kind: 'flush' }
  | { readonly kind: 'worker-flush' }
  | { readonly kind: 'restart'; readonly isNewToken: boolean };

const item = fc.integer({ min: 1, max: 6 });
const op = fc.constantFrom<'add' | 'remove'>('add', 'remove');
const command: fc.Arbitrary<Command> = fc.oneof(
  { weight: 6, arbitrary: fc.record({ kind: fc.constant('local' as const), op, item, isRefused: fc.integer({ min: 0, max: 5 }).map((n) => n === 0) }) },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('other-device' as const), op, item }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('network' as const), mode: fc.constantFrom<NetworkMode>('up', 'down', 'lossy', 'error5xx') }) },
  { weight: 4, arbitrary: fc.constant({ kind: 'read' as const }) },
  { weight: 4, arbitrary: fc.constant({ kind: 'flush' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'worker-flush' as const }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('restart' as const), isNewToken: fc.boolean() }) },
);

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

async function run(commands: readonly Command[]): Promise<void> {
  const user = makeUser();
  setActiveUser(user);
  const server = new ModelServer(user.userId);
  vi.stubGlobal('fetch', server.fetch);
  vi.stubGlobal('document', { get cookie() { return server.cookie; } });
  const newSync = () => createOutboxSync({ userId: user.userId, fetch: server.fetch, setTimer: () => () => undefined });
  let sync: OutboxSync = newSync();
  let refusalsTold = 0;
  const stopListening = onWriteRefused(() => (refusalsTold += 1));
  /** The accepted local writes, in the order made. */
  const accepted: { op: 'add' | 'remove'; item: number }[] = [];
  let refusedCount = 0;
  const db = () => getUserDatabase(user.userId);
  const restart = () => {
    sync.stop();
    closeUserDatabase();
    sync = newSync();
  };
  try {
    for (const step of commands) {
      switch (step.kind) {
        case 'local': {
          const target = step.isRefused ? -step.item : step.item;
          if (step.isRefused) refusedCount += 1;
          else accepted.push({ op: step.op, item: target });
          await enqueueMutation(step.op === 'add' ? addItemMutation : removeItemMutation, { item: target });
          break;
        }
        case 'other-device':
          server.otherDevice(step.op, step.item);
          break;
        case 'network':
          server.mode = step.mode;
          break;
        case 'read': {
          // A flush may run meanwhile (a read reaching the server starts one), so compare with the
          // set the server answered, as long as no mutation has left the queue since.
          const acksBefore = (await db().resources.get(setResource.key))?.acks ?? 0;
          const outcome = await ensureFresh(setResource, { force: true }).catch(() => 'failed' as const);
          const [row, pending] = await db().transaction('r', db().resources, db().outbox, () =>
            Promise.all([db().resources.get(setResource.key), db().outbox.where('resourceKey').equals(setResource.key).sortBy('seq')]),
          );
          if (row) {
            expect(row.value).toEqual(applyMutations(row.base, pending)); // ours on top of the base, in order
            expect(row.isPending).toBe(pending.length > 0);
          }
          if ((outcome === 'fetched' || outcome === 'rebased') && (row?.acks ?? 0) === acksBefore) {
            expect(row?.base).toEqual(server.lastSetAnswer); // the server's changes are in
          }
          break;
        }
        case 'flush':
          await sync.flush();
          break;
        case 'worker-flush':
          await flushUserOutbox(user.userId, server.fetch).catch(() => undefined);
          break;
        case 'restart':
          restart();
          if (step.isNewToken) server.rotateToken();
          break;
      }
    }

    server.mode = 'up';
    await sync.flush(); // joins a flush under way, then runs again
    for (let round = 0; round < 3 && (await db().outbox.count()) > 0; round += 1) await sync.flush();
    await ensureFresh(setResource, { force: true }); // a refresh: the other device's changes too

    expect(await db().outbox.count()).toBe(0);
    const row = await db().resources.get(setResource.key);
    expect(row?.value ?? []).toEqual(server.sortedSet()); // converged on the server's state
    expect(row?.isPending ?? false).toBe(false);
    const arrived = server.setLog.filter(({ key }) => key !== 'other-device');
    // Every accepted write arrived, in order; a lost answer may only repeat a write at once.
    const deduped = arrived.filter((entry, index) => index === 0 || arrived[index - 1]?.key !== entry.key);
    expect(deduped.map(({ op: kind, item: target }) => ({ op: kind, item: target }))).toEqual(accepted);
    // Sent again after its success answer arrived: only when the page closed before it could
    // record that answer (a restart), which the idempotent writes make harmless.
    if (!commands.some(({ kind }) => kind === 'restart')) expect(server.resentAfterAck).toBe(0);
    expect(arrived.every(({ item: target }) => target > 0)).toBe(true); // refused writes changed nothing
    expect(refusalsTold).toBe(refusedCount);
  } finally {
    await endPropertyRun(user.userId, sync, stopListening);
  }
}

describe('rebasing queued mutations on server values, under random interleavings', () => {
  it("shows the server's state plus the pending mutations, and converges with every write delivered", async () => {
    await fc.assert(fc.asyncProperty(fc.array(command, { minLength: 5, maxLength: 40, size: 'max' }), run), propertyParameters());
  }, 600_000);
});
