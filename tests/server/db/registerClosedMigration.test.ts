import { Migrator, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrations } from '../../../src/server/db/migrations/index.js';
import { createTestDatabase, type TestDatabase } from '../../helpers/testDb.js';

/**
 * Upgrading a database that already has a timetable: classes that ended before 0007 count as
 * closed, so the close-registers job's first run does not write records into all of history.
 */
let test: TestDatabase;
beforeAll(async () => {
  test = await createTestDatabase('empty');
});
afterAll(async () => {
  await test.drop();
});

describe('0007_register_closed on an existing timetable', () => {
  it('closes the classes that had ended and leaves the rest open', async () => {
    const migrator = new Migrator({ db: test.db, provider: { getMigrations: async () => migrations } });
    // The empty template is fully migrated: go back to before 0007, as an older release left it.
    const back = await migrator.migrateTo('0006_notification_dedupe');
    if (back.error) throw back.error;
    const { rows: modules } = await sql<{ id: number }>`INSERT INTO modules (code, name) VALUES ('ZZ0007', 'Upgrade') RETURNING id`.execute(test.db);
    const moduleId = modules[0]?.id;
    const event = async (minutesFromNow: number) =>
      (await sql<{ id: number }>`INSERT INTO timetable_events (module_id, event_type, room_id, starts_at, duration_minutes)
        VALUES (${moduleId}, 'Seminar', NULL, now() + make_interval(mins => ${minutesFromNow}), 60) RETURNING id`.execute(test.db)).rows[0]?.id;
    const ended = await event(-24 * 60);
    const inProgress = await event(-30);
    const upcoming = await event(24 * 60);

    const { error } = await migrator.migrateToLatest();
    if (error) throw error;

    const { rows } = await sql<{ id: number; closed: boolean }>`
      SELECT id, register_closed_at IS NOT NULL AS closed FROM timetable_events WHERE module_id = ${moduleId}`.execute(test.db);
    const closed = new Map(rows.map((row) => [row.id, row.closed]));
    expect([closed.get(ended as number), closed.get(inProgress as number), closed.get(upcoming as number)]).toEqual([true, false, false]);
  });
});
