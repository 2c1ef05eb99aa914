import { sql } from 'kysely';
import type { Db } from '../database.js';
import { calendarRules } from '../../calendar/academicCalendar.js';
import { seedAbsences } from './absences.js';
import { seedAttendance } from './attendance.js';
import { academicYearOf } from './calendar.js';
import { importDemoBundle } from './demoImport.js';
import { seedBuildings } from './estate.js';
import { seedNotificationsAndSettings } from './notifications.js';
import { COHORT_SIZE, cohortUserName } from './people.js';
import { polishPersonas } from './personaPolish.js';
import { createRng, hashSeed } from './prng.js';
import { seedResources } from './resources.js';
import { seedReviewers } from './reviewers.js';
import { importedTimetable, settlePastClasses } from './timetable.js';
import { seedTrending } from './trending.js';

export interface SeedOptions {
  /** The day the demo is relative to; the seed is deterministic for a given day. */
  readonly today: Date;
}

/**
 * Fills an empty database with the demo university, in one transaction. The university itself
 * (people, modules, teaching groups, rooms, timetable, enrolments, absence categories) is an
 * import bundle (bundle/), applied through the import pipeline as a real university's would be.
 * The seed then adds what no import carries: building outlines, persona details (titles, the
 * Administrator role, tutors' offices), the school office, and a history (attendance, absences,
 * resources, notifications, settings). Everything is relative to `today` and drawn from seeded
 * generators (one per area), so the same `today` gives the same data.
 */
export async function seedDemoUniversity(db: Db, options: SeedOptions): Promise<void> {
  const { today } = options;
  const year = academicYearOf(today);
  const rngFor = (area: string) => createRng(hashSeed(`campus-demo|${year.label}|${area}`));
  await db.transaction().execute(async (trx) => {
    await seedBuildings(trx);
    await importDemoBundle(trx, today);
    const users = new Map((await trx.selectFrom('users').select(['id', 'user_name']).execute()).map((u) => [u.user_name, u.id]));
    await polishPersonas(trx, users);
    await settlePastClasses(trx, today, calendarRules().timeZone);
    await seedReviewers(trx, users);
    const cohort = Array.from({ length: COHORT_SIZE }, (_, i) => users.get(cohortUserName(i)) ?? 0);
    const timetable = await importedTimetable(trx);
    const approved = await seedAbsences(trx, today, users);
    await seedAttendance(trx, { today, rng: rngFor('attendance'), users, cohort, timetable, approved });
    await seedResources(trx, { today, rng: rngFor('resources'), users, cohort });
    await seedTrending(trx, today, users);
    await seedNotificationsAndSettings(trx, today, users);
  });
}

/** True when the database holds no users yet, so the demo may be seeded. */
export async function isEmptyDatabase(db: Db): Promise<boolean> {
  const row = await sql<{ n: string }>`select count(*) as n from users`.execute(db);
  return Number(row.rows[0]?.n ?? 0) === 0;
}
