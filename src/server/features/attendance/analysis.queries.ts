import type { Db } from '../../db/database.js';
import type { AttendanceResult, EventType } from '../../db/schema.domain.js';
import { attendanceAnalysis } from '../../../shared/constants.js';
import { expectedResults, presentResults, type PeerAggregate } from './attendance.rules.js';

export interface OwnRecordRow {
  readonly id: number;
  readonly analysis_result: AttendanceResult;
  readonly academic_year: string;
  readonly starts_at: Date;
  readonly event_type: EventType;
  readonly module_code: string;
  readonly module_name: string;
}

/** The student's own records of events that have started, every year, oldest first. */
export async function ownRecords(db: Db, userId: number, now: Date): Promise<OwnRecordRow[]> {
  return db
    .selectFrom('attendance_records as ar')
    .innerJoin('timetable_events as e', 'e.id', 'ar.event_id')
    .innerJoin('modules as m', 'm.id', 'e.module_id')
    .select(['ar.id', 'ar.analysis_result', 'ar.academic_year', 'e.starts_at', 'e.event_type', 'm.code as module_code', 'm.name as module_name'])
    .where('ar.student_user_id', '=', userId)
    .where('e.starts_at', '<=', now)
    .orderBy('e.starts_at')
    .orderBy('ar.id')
    .execute();
}

/**
 * Per module the student takes in `academicYear`: how many other students enrolled on it that
 * year have counted records, and their pooled present and expected counts. Aggregated in SQL, so
 * no other student's row or id ever reaches this process; cohorts under the minimum stay there.
 */
export async function peerAggregates(db: Db, userId: number, academicYear: string, now: Date): Promise<PeerAggregate[]> {
  // Who takes which module that year: a student in a module's lecture and lab groups counts once.
  const takers = db
    .selectFrom('enrolments')
    .select(['student_user_id', 'module_id'])
    .distinct()
    .where('academic_year', '=', academicYear)
    .where('is_active', '=', true);
  return db
    .selectFrom(takers.as('mine'))
    .innerJoin(takers.as('peer'), 'peer.module_id', 'mine.module_id')
    .innerJoin('timetable_events as e', 'e.module_id', 'mine.module_id')
    .innerJoin('attendance_records as ar', (join) =>
      join.onRef('ar.event_id', '=', 'e.id').onRef('ar.student_user_id', '=', 'peer.student_user_id').on('ar.academic_year', '=', academicYear))
    .innerJoin('modules as m', 'm.id', 'mine.module_id')
    .where('mine.student_user_id', '=', userId)
    .where('peer.student_user_id', '<>', userId)
    .where('e.starts_at', '<=', now)
    .groupBy(['m.code', 'm.name'])
    .select((eb) => [
      'm.code as moduleCode',
      'm.name as moduleName',
      eb.fn.count<number>('peer.student_user_id').distinct().as('cohort'),
      eb.fn.countAll<number>().filterWhere('ar.analysis_result', 'in', presentResults).as('present'),
      eb.fn.countAll<number>().filterWhere('ar.analysis_result', 'in', expectedResults).as('expected'),
    ])
    .having((eb) => eb.fn.count('peer.student_user_id').distinct(), '>=', attendanceAnalysis.peerCohortMinimum)
    .execute();
}
