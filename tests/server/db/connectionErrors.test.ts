import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { isConnectionError, messageOf } from '../../../src/server/db/connectionErrors.js';
import { findFreePort } from '../../../src/server/db/freePort.js';
import { HttpError } from '../../../src/server/http/errors.js';
import { withPort } from '../../helpers/tcpProxy.js';

/** What a real query or connection on the test PostgreSQL fails with. */
async function errorOf(work: (client: pg.Client) => Promise<unknown>, connectionString = inject('pgAdminUrl')): Promise<unknown> {
  const client = new pg.Client({ connectionString });
  client.on('error', () => {});
  try {
    await client.connect();
    await work(client);
  } catch (error) {
    return error;
  } finally {
    await client.end().catch(() => {});
  }
  throw new Error('expected a failure');
}

describe('isConnectionError', () => {
  it('recognises a refused connection', async () => {
    const error = await errorOf(async () => {}, withPort(inject('pgAdminUrl'), await findFreePort()));
    expect(error).toMatchObject({ code: 'ECONNREFUSED' });
    expect(isConnectionError(error)).toBe(true);
  });

  it('recognises a session the server terminated (57P01 admin_shutdown), and the client left unusable by it', async () => {
    const victim = new pg.Client({ connectionString: inject('pgAdminUrl') });
    victim.on('error', () => {});
    await victim.connect();
    const pid = (await victim.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]?.pid;
    const killed = victim.query('SELECT pg_sleep(10)').catch((error: unknown) => error);
    const admin = new pg.Client({ connectionString: inject('pgAdminUrl') });
    await admin.connect();
    await admin.query('SELECT pg_terminate_backend($1)', [pid]);
    await admin.end();
    const error = await killed;
    expect(error).toMatchObject({ code: '57P01' });
    expect(isConnectionError(error)).toBe(true);
    const after = await victim.query('SELECT 1').catch((failure: unknown) => failure);
    expect(isConnectionError(after)).toBe(true);
    await victim.end().catch(() => {});
  });

  it.each([
    ['Connection terminated unexpectedly', new Error('Connection terminated unexpectedly')],
    ['a pool wait that timed out', new Error('timeout exceeded when trying to connect')],
    ['a connection exception (class 08)', Object.assign(new Error('connection failure'), { code: '08006' })],
    ['crash_shutdown', Object.assign(new Error('terminating connection because of crash of another server process'), { code: '57P02' })],
    ['cannot_connect_now', Object.assign(new Error('the database system is starting up'), { code: '57P03' })],
    ['an AggregateError of refused addresses', new AggregateError([Object.assign(new Error('connect ECONNREFUSED ::1:5432'), { code: 'ECONNREFUSED' })], '')],
    ['a wrapped cause', new Error('Connection failed', { cause: Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }) })],
    ["pg-boss's plain copy of a worker error", { message: 'Connection terminated unexpectedly (Queue: push, Worker: 1)', queue: 'push' }],
  ])('recognises %s', (_name, error) => {
    expect(isConnectionError(error)).toBe(true);
  });

  it('leaves the query, the data and the code at fault alone', async () => {
    const syntax = await errorOf((client) => client.query('SELEC 1'));
    expect(syntax).toMatchObject({ code: '42601' });
    const division = await errorOf((client) => client.query('SELECT 1 / 0'));
    expect(division).toMatchObject({ code: '22012' });
    for (const error of [syntax, division, new Error('boom'), new HttpError(503, 'unavailable', 'The server is restarting.'), new TypeError("Cannot read properties of undefined (reading 'id')"), null, undefined, 'ECONNREFUSED', 42]) {
      expect(isConnectionError(error)).toBe(false);
    }
  });
});

describe('messageOf', () => {
  it('reads the message of errors and of plain objects, else the code', () => {
    expect(messageOf(new Error('Connection terminated'))).toBe('Connection terminated');
    expect(messageOf({ message: 'copied' })).toBe('copied');
    expect(messageOf(Object.assign(new AggregateError([], ''), { code: 'ECONNREFUSED' }))).toBe('ECONNREFUSED');
    expect(messageOf('text')).toBe('text');
    expect(messageOf(undefined)).toBe('unknown error');
  });
});
