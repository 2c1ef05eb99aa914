import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { isForeignKeyViolation, isUniqueViolation } from '../../../src/server/db/sqlErrors.js';
import { useTestApp } from '../../helpers/useTestApp.js';

describe('PostgreSQL errors by SQLSTATE', () => {
  const t = useTestApp();

  /** The error the real database raises for `statements`, run in one transaction on throwaway tables. */
  async function errorOf(statements: readonly string[]): Promise<unknown> {
    try {
      await t.db.transaction().execute(async (trx) => {
        for (const statement of statements) await sql.raw(statement).execute(trx);
      });
    } catch (error) {
      return error;
    }
    throw new Error(`${statements.join('; ')} did not fail`);
  }

  it('tells a unique violation, a foreign key violation and any other error apart', async () => {
    const parent = 'CREATE TEMP TABLE parent (id int PRIMARY KEY) ON COMMIT DROP';
    const unique = await errorOf([parent, 'INSERT INTO parent VALUES (1), (1)']);
    const foreignKey = await errorOf([parent, 'CREATE TEMP TABLE child (parent int REFERENCES parent) ON COMMIT DROP', 'INSERT INTO child VALUES (7)']);
    const other = await errorOf(['SELECT 1/0']);
    expect([isUniqueViolation(unique), isForeignKeyViolation(unique)]).toEqual([true, false]);
    expect([isUniqueViolation(foreignKey), isForeignKeyViolation(foreignKey)]).toEqual([false, true]);
    expect([isUniqueViolation(other), isForeignKeyViolation(other)]).toEqual([false, false]);
    expect(isUniqueViolation(null)).toBe(false);
  });
});
