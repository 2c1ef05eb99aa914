import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config.js';

describe('the database variables for several instances', () => {
  it('default to a pool of 10 and no separate start-up connection', () => {
    expect(loadConfig({})).toMatchObject({ databasePoolSize: 10, databaseDirectUrl: undefined });
  });

  it('read a pool size and a direct connection string', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://app@pgbouncer:6432/campus', DATABASE_DIRECT_URL: 'postgres://app@db:5432/campus', DATABASE_POOL_SIZE: '25' });
    expect(config).toMatchObject({ databaseUrl: 'postgres://app@pgbouncer:6432/campus', databaseDirectUrl: 'postgres://app@db:5432/campus', databasePoolSize: 25 });
  });

  it.each([
    [{ DATABASE_POOL_SIZE: '0' }, /DATABASE_POOL_SIZE must be a positive number/],
    [{ DATABASE_POOL_SIZE: '2.5' }, /DATABASE_POOL_SIZE must be a whole number/],
    [{ DATABASE_DIRECT_URL: 'postgres://db/campus' }, /DATABASE_DIRECT_URL needs DATABASE_URL/],
  ])('refuses %o', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });
});
