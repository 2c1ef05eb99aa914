import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { z } from 'zod/mini';
import { createDb, type Db } from '../../../src/server/db/database.js';
import { RELISTEN_FIRST_MS, RELISTEN_MAX_MS, relistenDelay, StatusFeed } from '../../../src/server/realtime/statusFeed.js';
import { recordReportedState, type MonitoredService } from '../../../src/server/realtime/statusStore.js';
import { serviceStatusesJsonSchema, updateStatusesEvent, type ServiceState } from '../../../src/shared/contract/realtime.js';
import { startTcpProxy, withPort, type TcpProxy } from '../../helpers/tcpProxy.js';
import { createTestDatabase, type TestDatabase } from '../../helpers/testDb.js';
import { systemClock } from '../../../src/server/clock.js';

describe('relistenDelay', () => {
  it('doubles from the first wait up to the cap, spread by at most a fifth either way', () => {
    const middle = [0, 1, 2, 3, 4, 5, 10, 60].map((attempt) => relistenDelay(attempt, () => 0.5));
    expect(middle).toEqual([RELISTEN_FIRST_MS, 1_000, 2_000, 4_000, 8_000, RELISTEN_MAX_MS, RELISTEN_MAX_MS, RELISTEN_MAX_MS]);
    expect(relistenDelay(0, () => 0)).toBe(RELISTEN_FIRST_MS * 0.8);
    expect(relistenDelay(60, () => 1)).toBe(RELISTEN_MAX_MS * 1.2);
  });
});

/**
 * The feed of one instance whose database connections (LISTEN included) go through a relay this
 * test cuts and restores; the statuses change meanwhile through a direct connection, as another
 * instance would change them.
 */
describe('the status feed when its LISTEN connection is lost', () => {
  const service: MonitoredService = { id: 'timetable', name: 'Timetable', feature: 'timetable' };
  let database: TestDatabase | undefined;
  let proxy: TcpProxy | undefined;
  let db: Db | undefined;
  let feed: StatusFeed | undefined;
  const broadcasts: ServiceState[] = [];
  const warnings: string[] = [];

  beforeAll(async () => {
    database = await createTestDatabase('empty');
    proxy = await startTcpProxy(Number(new URL(inject('pgAdminUrl')).port));
    db = createDb(withPort(database.connectionString, proxy.port), 2);
    feed = new StatusFeed(db, { warn: (message) => warnings.push(message) }, undefined, [service], systemClock);
    feed.hub = {
      broadcast: (target, args) => {
        if (target !== updateStatusesEvent) return;
        const state = z.parse(serviceStatusesJsonSchema, args[1])[0]?.state;
        if (state) broadcasts.push(state);
      },
    };
    await feed.ensureStarted();
  });

  afterAll(async () => {
    await feed?.stop();
    await db?.destroy();
    await proxy?.close();
    await database?.drop();
  });

  const changeTo = async (state: ServiceState): Promise<void> => {
    if (!database) throw new Error('no database');
    await recordReportedState(database.db, service, state, 12, new Date());
  };

  it('reconnects by itself, catches up on the change it missed, and hears later changes again', async () => {
    await changeTo('degraded');
    await expect.poll(() => broadcasts.at(-1), { timeout: 5_000 }).toBe('degraded');

    await proxy?.cut();
    await expect.poll(() => warnings.some((warning) => warning.startsWith('status feed: LISTEN connection lost')), { timeout: 5_000 }).toBe(true);
    // Announced while nobody listened: the notification is gone for good.
    await changeTo('outage');
    await proxy?.resume();
    await expect.poll(() => broadcasts.at(-1), { timeout: 10_000 }).toBe('outage');

    // Listening again: a later change arrives by NOTIFY.
    await changeTo('operational');
    await expect.poll(() => broadcasts.at(-1), { timeout: 5_000 }).toBe('operational');
    expect(broadcasts).toEqual(['degraded', 'outage', 'operational']);
  });
});
