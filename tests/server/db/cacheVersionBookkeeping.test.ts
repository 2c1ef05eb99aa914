import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cacheKeys, latestCacheVersion } from '../../../src/server/db/cacheVersions.js';
import { createTestDatabase, type TestDatabase } from '../../helpers/testDb.js';

/**
 * The close-registers job writes two bookkeeping columns on every class it closes, all day long
 * (`register_closed_at`, `missed_alerts_at`): neither is in any answer, so neither may throw every
 * kept timetable away (migrations 0018 and 0019). A change students see still does.
 */
let database: TestDatabase;
let eventId: number;

beforeAll(async () => {
  database = await createTestDatabase('seeded');
  eventId = (await database.db.selectFrom('timetable_events').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
});
afterAll(() => database.drop());

const timetableVersion = () => latestCacheVersion(database.db, [cacheKeys.timetable]);

describe('the timetable version and the job bookkeeping columns', () => {
  it('stays put when a class is closed and its missed-run alerts are stamped', async () => {
    const before = await timetableVersion();
    await database.db.updateTable('timetable_events').set({ register_closed_at: new Date(), missed_alerts_at: new Date() }).where('id', '=', eventId).execute();
    await database.db.updateTable('timetable_events').set({ missed_alerts_at: null }).where('id', '=', eventId).execute();
    expect(await timetableVersion()).toBe(before);
  });

  it('moves when something an answer shows changes', async () => {
    const before = await timetableVersion();
    await sql`update timetable_events set duration_minutes = duration_minutes + 5 where id = ${eventId}`.execute(database.db);
    expect(await timetableVersion()).toBeGreaterThan(before);
  });
});
