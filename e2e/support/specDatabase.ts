import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** The migrated, empty database every spec's database is cloned from (e2e/globalSetup.ts). */
export const E2E_TEMPLATE_DATABASE = 'campus_e2e_template';

const ADMIN_URL_VARIABLE = 'E2E_PG_ADMIN_URL';
/** Any fixed number: serialises the clones, since PostgreSQL refuses a template another CREATE is reading. */
const CLONE_LOCK_KEY = 7_304_221_955_018_114n;

/** What globalSetup hands the workers: where the run's cluster is. */
export function e2eDatabaseEnv(adminUrl: string): Record<string, string> {
  return { [ADMIN_URL_VARIABLE]: adminUrl };
}

function adminUrl(): string {
  const url = process.env[ADMIN_URL_VARIABLE];
  if (!url) throw new Error(`${ADMIN_URL_VARIABLE} is not set: run the e2e specs through playwright.config.ts, whose globalSetup starts the cluster`);
  return url;
}

async function withAdmin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl() });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export interface SpecDatabase {
  /** The connection string the spec's server uses. */
  readonly url: string;
  /** Drops the database, closing any connection a killed server left. */
  drop(): Promise<void>;
}

/** A new database cloned from the template, for one spec file's server. */
export async function cloneSpecDatabase(): Promise<SpecDatabase> {
  const name = `campus_e2e_${randomBytes(6).toString('hex')}`;
  await withAdmin(async (client) => {
    await client.query(`SELECT pg_advisory_lock(${CLONE_LOCK_KEY})`);
    try {
      await client.query(`CREATE DATABASE ${name} TEMPLATE ${E2E_TEMPLATE_DATABASE}`);
    } finally {
      await client.query(`SELECT pg_advisory_unlock(${CLONE_LOCK_KEY})`);
    }
  });
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => withAdmin(async (client) => void (await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`))),
  };
}
