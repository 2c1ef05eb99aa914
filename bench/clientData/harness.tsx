/**
 * The page side of bench/clientData.bench.ts, bundled with esbuild and loaded in Chromium on the
 * app's origin. It uses the app's own data layer (Dexie schema, `useResourceRow`, the outbox), so
 * the figures are those of the code students run, in a real browser's IndexedDB.
 */
import { Dexie } from 'dexie';
import { useLayoutEffect } from 'react';
import { createRoot } from 'react-dom/client';
import type { FavouriteResource } from '../../src/shared/contract/favourites';
import type { TimetableEntry } from '../../src/shared/contract/timetable';
import type { SignedInUserInfo } from '../../src/shared/contract/user';
import { setActiveUser } from '../../src/app/db/activeUser';
import { getUserDatabase } from '../../src/app/db/userDatabase';
import { addFavouriteResourceMutation } from '../../src/app/features/favourites/favourites.mutations';
import { enqueueMutation } from '../../src/app/sync/outbox';
import { startOutboxSync } from '../../src/app/sync/outboxSync';
import { useResourceRow } from '../../src/app/sync/useResourceRow';

const liveKey = 'bench.live';

/** Per write: how many subscribers have rendered it, and when the last of them committed. */
let target = -1;
let committed = 0;
let onAllCommitted: ((at: number) => void) | undefined;
let subscriberCount = 0;

function Subscriber() {
  const row = useResourceRow(liveKey);
  const value = row !== 'loading' && row !== null ? (row.value as number) : undefined;
  useLayoutEffect(() => {
    if (value !== target) return;
    committed += 1;
    if (committed === subscriberCount) onAllCommitted?.(performance.now());
  }, [value]);
  return <span>{value}</span>;
}

const benchUser = (userId: string): SignedInUserInfo =>
  ({ userId, userName: userId, isSignedIn: true, isStudentSignedIn: true, isStaffSignedIn: false }) as SignedInUserInfo;

/**
 * `subscribers` components read one cached resource live, as every screen does; each write goes to
 * Dexie and the time until the last component has committed the new value is one sample.
 */
async function liveQueryLoop(subscribers: number, writes: number): Promise<number[]> {
  setActiveUser(benchUser('bench-live'));
  const db = getUserDatabase('bench-live');
  const put = (value: number) =>
    db.resources.put({ key: liveKey, value, etag: null, fetchedAt: null, isPending: false, isStale: false, version: value });
  await put(0);
  subscriberCount = subscribers;
  const host = document.createElement('div');
  document.body.append(host);
  const root = createRoot(host);
  const settle = (value: number) =>
    new Promise<number>((resolve) => {
      target = value;
      committed = 0;
      onAllCommitted = resolve;
    });
  const first = settle(0);
  root.render(Array.from({ length: subscribers }, (_, index) => <Subscriber key={index} />));
  await first;
  const samples: number[] = [];
  for (let write = 1; write <= writes; write += 1) {
    const done = settle(write);
    const startedAt = performance.now();
    await put(write);
    samples.push((await done) - startedAt);
  }
  root.unmount();
  host.remove();
  return samples;
}

function timetableRows(count: number): TimetableEntry[] {
  const start = Date.UTC(2026, 8, 21, 9);
  return Array.from({ length: count }, (_, index) => {
    const at = new Date(start + (index % 400) * 86_400_000 + (index % 5) * 3_600_000).toISOString();
    return {
      rowId: index + 1,
      startTime: at,
      duration: 60,
      eventStart: at,
      moduleName: `Module ${index % 37}`,
      moduleCode: `MOD${(index % 37).toString().padStart(3, '0')}`,
      eventType: index % 3 === 0 ? 'Lecture' : 'Seminar',
      roomId: `R${index % 120}`,
      roomName: `Room ${index % 120}`,
      staff: ['Dr A. Lecturer'],
      isCancelled: false,
      attendanceDataStudent: { registrationStart: at, isAttendanceMonitored: index % 2 === 0, isRegistered: false },
    };
  });
}

class IngestDatabase extends Dexie {
  events!: Dexie.Table<TimetableEntry, number>;
  constructor() {
    super('campus-companion-bench-ingest');
    this.version(1).stores({ events: 'rowId' });
  }
}

/**
 * Storing `count` timetable rows three ways: one `put` (its own transaction) per row, one
 * `bulkPut` of all rows in one transaction, and the app's way (the whole answer as one cached
 * resource row). Milliseconds each, after clearing.
 */
async function ingest(count: number): Promise<{ perRowMs: number; batchedMs: number; oneRowMs: number }> {
  const rows = timetableRows(count);
  const db = new IngestDatabase();
  await db.events.clear();
  let startedAt = performance.now();
  for (const row of rows) await db.events.put(row);
  const perRowMs = performance.now() - startedAt;
  if ((await db.events.count()) !== count) throw new Error('per-row ingest lost rows');
  await db.events.clear();
  startedAt = performance.now();
  await db.events.bulkPut(rows);
  const batchedMs = performance.now() - startedAt;
  if ((await db.events.count()) !== count) throw new Error('batched ingest lost rows');
  await db.events.clear();
  db.close();
  const userDb = getUserDatabase('bench-ingest');
  const value = { timetableEntries: rows, timetableDateRangeStart: rows[0]?.startTime, timetableDateRangeEnd: rows.at(-1)?.startTime };
  startedAt = performance.now();
  await userDb.resources.put({ key: 'timetable', value, etag: null, fetchedAt: Date.now(), isPending: false, isStale: false, version: 1 });
  const oneRowMs = performance.now() - startedAt;
  await userDb.resources.clear();
  return { perRowMs, batchedMs, oneRowMs };
}

/** Queues one "add favourite" per link through the app's outbox (the browser is offline). */
async function queueFavourites(user: SignedInUserInfo, favourites: readonly FavouriteResource[]): Promise<void> {
  setActiveUser(user);
  startOutboxSync(user.userId);
  for (const favourite of favourites) await enqueueMutation(addFavouriteResourceMutation, { favourite });
}

/** Entries still queued in the user's outbox. */
function outboxCount(userId: string): Promise<number> {
  return getUserDatabase(userId).outbox.count();
}

Object.assign(window, { bench: { liveQueryLoop, ingest, queueFavourites, outboxCount } });
document.title = 'bench ready';
