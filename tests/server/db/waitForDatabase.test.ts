import { afterEach, describe, expect, inject, it, vi } from 'vitest';
import { createDb, type Db } from '../../../src/server/db/database.js';
import { findFreePort } from '../../../src/server/db/freePort.js';
import { waitForDatabase } from '../../../src/server/db/waitForDatabase.js';
import { startTcpProxy, withPort, type TcpProxy } from '../../helpers/tcpProxy.js';

let proxy: TcpProxy | undefined;
let db: Db | undefined;

afterEach(async () => {
  await db?.destroy();
  db = undefined;
  await proxy?.close();
  proxy = undefined;
});

describe('waitForDatabase at start-up', () => {
  it('waits for a PostgreSQL that starts accepting connections later, saying so once', async () => {
    proxy = await startTcpProxy(Number(new URL(inject('pgAdminUrl')).port), { isCut: true });
    db = createDb(withPort(inject('pgAdminUrl'), proxy.port), 1);
    const log: string[] = [];
    const waiting = waitForDatabase(db, { timeoutMs: 20_000, log: (message) => log.push(message) });
    await vi.waitFor(() => expect(log).toHaveLength(1), { timeout: 5_000 });
    expect(log).toEqual([expect.stringMatching(/^PostgreSQL cannot be reached yet \(connect ECONNREFUSED 127\.0\.0\.1:\d+\); trying again for up to 20 s$/)]);
    await proxy.resume();
    await waiting;
    expect(log.at(-1)).toBe('PostgreSQL answers now; starting');
  });

  it('gives up after its time with a message naming the cause and what to check', async () => {
    db = createDb(withPort(inject('pgAdminUrl'), await findFreePort()), 1);
    const startedAt = performance.now();
    await expect(waitForDatabase(db, { timeoutMs: 1_500, log: () => {} })).rejects.toThrow(
      /^PostgreSQL could not be reached within 2 s \(connect ECONNREFUSED 127\.0\.0\.1:\d+\)\. Check DATABASE_URL and that the database server is running\.$/,
    );
    expect(performance.now() - startedAt).toBeGreaterThanOrEqual(1_500);
    expect(performance.now() - startedAt).toBeLessThan(5_000);
  });

  it('fails at once when waiting cannot help (a database that does not exist)', async () => {
    const url = new URL(inject('pgAdminUrl'));
    url.pathname = '/no_such_database';
    db = createDb(url.toString(), 1);
    const startedAt = performance.now();
    await expect(waitForDatabase(db, { timeoutMs: 30_000, log: () => {} })).rejects.toMatchObject({ code: '3D000' });
    expect(performance.now() - startedAt).toBeLessThan(5_000);
  });
});
