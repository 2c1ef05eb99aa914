import type { Db } from '../../../../src/server/db/database.js';
import { academicYearLabelOf } from '../../../../src/server/calendar/academicCalendar.js';
import { LECTURER_MODULES } from '../../../../src/server/db/seed/catalogue.js';
import { userId } from '../attendance/support.js';

/** A module `student` takes in the academic year of `now` (the app's clock) that `lecturer` does not teach. */
export async function untaughtModuleOf(db: Db, now: Date, studentName = 'student'): Promise<number> {
  const student = await userId(db, studentName);
  const row = await db
    .selectFrom('enrolments as n')
    .innerJoin('modules as m', 'm.id', 'n.module_id')
    .select('m.id')
    .where('n.student_user_id', '=', student)
    .where('n.academic_year', '=', academicYearLabelOf(now))
    .where('m.code', 'not in', [...LECTURER_MODULES])
    .orderBy('m.code')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function auditOf(db: Db, action: string, eventId: number) {
  const rows = await db.selectFrom('audit_log').select(['user_id', 'action', 'detail']).where('action', '=', action).orderBy('id').execute();
  return rows.filter((row) => {
    const detail = (typeof row.detail === 'string' ? JSON.parse(row.detail) : row.detail) as { target?: { id?: unknown } };
    return detail.target?.id === eventId;
  });
}

export async function recordsOf(db: Db, eventId: number) {
  return db.selectFrom('attendance_records').select(['student_user_id', 'analysis_result']).where('event_id', '=', eventId).orderBy('student_user_id').execute();
}
