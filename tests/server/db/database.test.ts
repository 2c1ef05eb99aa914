import { sql } from 'kysely';
import { afterEach, describe, expect, inject, it, vi } from 'vitest';
import { isConnectionError } from '../../../src/server/db/connectionErrors.js';
import { createDb, throttledWarning } from '../../../src/server/db/database.js';
import { startTcpProxy, withPort, type TcpProxy } from '../../helpers/tcpProxy.js';

let proxy: TcpProxy | undefined;

afterEach(async () => {
  vi.restoreAllMocks();
  await proxy?.close();
});

describe('createDb when PostgreSQL goes away', () => {
  it('survives the connection of a query in flight dropping (a checked-out client), and connects afresh afterwards', async () => {
    const warnings: string[] = [];
    vi.spyOn(console, 'warn').mockImplementation((message: unknown) => void warnings.push(String(message)));
    const target = Number(new URL(inject('pgAdminUrl')).port);
    proxy = await startTcpProxy(target);
    const db = createDb(withPort(inject('pgAdminUrl'), proxy.port), 2);
    try {
      // Two queries hold both of the pool's clients when the connections drop. node-postgres emits
      // 'error' on each; unhandled, that ends the process (and fails this run as an uncaught error).
      const inFlight = [1, 2].map(() => sql`SELECT pg_sleep(5.001)`.execute(db).then(() => 'answered', (error: unknown) => error));
      const admin = createDb(inject('pgAdminUrl'), 1);
      try {
        await vi.waitFor(async () => {
          const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM pg_stat_activity WHERE query = 'SELECT pg_sleep(5.001)'`.execute(admin);
          expect(rows[0]?.n).toBe(2);
        }, { timeout: 5_000 });
      } finally {
        await admin.destroy();
      }
      await proxy.cut();
      for (const outcome of await Promise.all(inFlight)) expect(isConnectionError(outcome)).toBe(true);
      expect(warnings).toEqual(['database connection lost: Connection terminated unexpectedly']);

      const refused = await sql`SELECT 1`.execute(db).catch((error: unknown) => error);
      expect(isConnectionError(refused)).toBe(true);

      await proxy.resume();
      const { rows } = await sql<{ n: number }>`SELECT 41 + 1 AS n`.execute(db);
      expect(rows).toEqual([{ n: 42 }]);
    } finally {
      await db.destroy();
    }
  });
});

describe('throttledWarning', () => {
  it('says the first at once, then at most one per period with the number held back', () => {
    const said: string[] = [];
    let now = 1_000_000;
    vi.spyOn(performance, 'now').mockImplementation(() => now);
    const warn = throttledWarning(10_000, (message) => said.push(message));
    warn('lost');
    warn('lost');
    warn('lost');
    now += 10_000;
    warn('lost again');
    warn('lost again');
    now += 10_000;
    warn('quiet');
    expect(said).toEqual(['lost', 'lost again (and 2 more like it)', 'quiet (and 1 more like it)']);
  });
});
