import type { Db } from '../database.js';
import { seedAbsences } from './absences.js';
import { seedAttendance } from './attendance.js';
import { academicYearOf } from './calendar.js';
import { seedCatalogue } from './catalogue.js';
import { seedNotificationsAndSettings } from './notifications.js';
import { seedCohort, seedPersonaProfiles } from './people.js';
import { seedPersonas } from './personas.js';
import { createRng, hashSeed } from './prng.js';
import { seedResources } from './resources.js';
import { seedReviewers } from './reviewers.js';
import { seedTimetable } from './timetable.js';
import { seedTrending } from './trending.js';

export interface SeedOptions {
  /** The day the demo is relative to; the seed is deterministic for a given day. */
  readonly today: Date;
}

/**
 * Fills an empty database with the demo university. Runs in one transaction.
 * Everything is relative to `today` and drawn from seeded generators (one per area, so that a
 * change in one area does not reshuffle the others): the same `today` gives the same data.
 */
export async function seedDemoUniversity(db: Db, options: SeedOptions): Promise<void> {
  const { today } = options;
  const year = academicYearOf(today);
  const rngFor = (area: string) => createRng(hashSeed(`campus-demo|${year.label}|${area}`));
  await db.transaction().execute(async (trx) => {
    const users = await seedPersonas(trx, today);
    await seedPersonaProfiles(trx, users);
    await seedReviewers(trx, users);
    const cohort = await seedCohort(trx, rngFor('cohort'), today);
    const moduleIds = await seedCatalogue(trx);
    const timetable = await seedTimetable(trx, { today, year, rng: rngFor('timetable'), users, cohort, moduleIds });
    const approved = await seedAbsences(trx, today, users);
    await seedAttendance(trx, { today, rng: rngFor('attendance'), users, cohort, timetable, approved });
    await seedResources(trx, { today, rng: rngFor('resources'), users, cohort });
    await seedTrending(trx, today, users);
    await seedNotificationsAndSettings(trx, today, users);
  });
}

/** True when the database holds no users yet, so the demo may be seeded. */
export async function isEmptyDatabase(db: Db): Promise<boolean> {
  const row = await db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n) === 0;
}
