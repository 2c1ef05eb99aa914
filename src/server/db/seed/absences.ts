import type { Db } from '../database.js';
import type { AbsenceStatus, AbsenceType } from '../schema.domain.js';
import { addMinutes, londonDate, londonInstant } from './calendar.js';
import { addLocalDays } from '../../../shared/rules/absences/dates.js';
import { idOf } from './people.js';

/** Absence categories of both types, and requests in every status for `student`. */

interface CategorySpec {
  readonly name: string;
  readonly description: string;
  readonly type: AbsenceType;
  readonly requiresDescription: boolean;
  readonly requiresEvidence: boolean;
}

export const absenceCategorySpecs: readonly CategorySpec[] = [
  { name: 'Illness', type: 'Authorised', requiresDescription: false, requiresEvidence: true,
    description: 'Illness or injury that stops you attending. Please upload a fit note or other medical evidence.' },
  { name: 'Medical appointment', type: 'Authorised', requiresDescription: false, requiresEvidence: true,
    description: 'A hospital, GP or dental appointment that could not be arranged outside teaching time. Please upload the appointment letter.' },
  { name: 'Bereavement', type: 'Authorised', requiresDescription: true, requiresEvidence: false,
    description: 'The death of a family member or someone close to you. Please tell us briefly who has died.' },
  { name: 'Religious observance', type: 'Informed', requiresDescription: false, requiresEvidence: false,
    description: 'A religious festival or observance. The sessions you miss still count as missed.' },
  { name: 'Job interview', type: 'Informed', requiresDescription: true, requiresEvidence: false,
    description: 'An interview for a placement, internship or graduate job. Please give the employer and the role.' },
  { name: 'Other', type: 'Informed', requiresDescription: true, requiresEvidence: false,
    description: 'Any other reason. Please explain why you cannot attend.' },
];

/** A time off during which the student's missed monitored classes are not plain absences. */
export interface ApprovedAbsence {
  readonly userId: number;
  readonly start: Date;
  readonly end: Date;
  readonly type: AbsenceType;
}

interface RequestSpec {
  readonly userName: string;
  readonly category: string;
  readonly status: AbsenceStatus;
  /** Days from today (London date) and a wall-clock time; an all-day request uses 00:00 to 00:00. */
  readonly startDay: number;
  readonly startTime: string;
  readonly endDay: number;
  readonly endTime: string;
  readonly description: string | null;
  readonly message: string | null;
}

const requestSpecs: readonly RequestSpec[] = [
  { userName: 'student', category: 'Other', status: 'Cancelled', startDay: -50, startTime: '00:00', endDay: -49, endTime: '00:00',
    description: 'Family wedding abroad.', message: null },
  { userName: 'student', category: 'Other', status: 'Denied', startDay: -35, startTime: '13:00', endDay: -35, endTime: '17:00',
    description: 'Travelling home early for the weekend.', message: 'Travel plans are not a reason for absence. Please speak to your personal tutor if you need support.' },
  { userName: 'student', category: 'Illness', status: 'Approved', startDay: -22, startTime: '00:00', endDay: -19, endTime: '00:00',
    description: 'Flu.', message: 'Thank you for the fit note. Get well soon.' },
  { userName: 'student', category: 'Religious observance', status: 'Approved', startDay: -10, startTime: '00:00', endDay: -9, endTime: '00:00',
    description: null, message: null },
  { userName: 'student', category: 'Illness', status: 'AwaitingEvidence', startDay: -3, startTime: '09:00', endDay: -3, endTime: '17:00',
    description: 'Migraine.', message: 'Please upload a fit note or a letter from your GP.' },
  { userName: 'student', category: 'Job interview', status: 'Pending', startDay: 7, startTime: '10:00', endDay: 7, endTime: '14:00',
    description: 'Interview for a summer placement with a software company in Bristol.', message: null },
  { userName: 'student', category: 'Bereavement', status: 'PendingCancellation', startDay: 14, startTime: '00:00', endDay: 16, endTime: '00:00',
    description: 'Funeral of my grandmother.', message: null },
  { userName: 'student2', category: 'Medical appointment', status: 'Pending', startDay: 5, startTime: '09:00', endDay: 5, endTime: '12:00',
    description: 'Hospital appointment.', message: null },
  { userName: 'student.unenrolled', category: 'Other', status: 'Pending', startDay: 3, startTime: '00:00', endDay: 4, endTime: '00:00',
    description: 'Visa appointment in London.', message: null },
];

/** Inserts the categories and requests; returns the approved absences (for attendance records). */
export async function seedAbsences(db: Db, today: Date, users: ReadonlyMap<string, number>): Promise<ApprovedAbsence[]> {
  // The categories came with the bundle (ext.absenceCategories.csv).
  const categories = await db.selectFrom('absence_categories').select(['id', 'name', 'absence_type']).execute();
  const categoryByName = new Map(categories.map((c) => [c.name, c]));

  const day = londonDate(today);
  const approved: ApprovedAbsence[] = [];
  const rows = requestSpecs.map((spec) => {
    const category = categoryByName.get(spec.category);
    if (!category) throw new Error(`Seed: no absence category ${spec.category}`);
    const start = londonInstant(addLocalDays(day, spec.startDay), spec.startTime);
    const end = londonInstant(addLocalDays(day, spec.endDay), spec.endTime);
    const userId = idOf(users, spec.userName);
    if (spec.status === 'Approved') approved.push({ userId, start, end, type: category.absence_type });
    // Requests are made a few days ahead (or just after, for sickness), never after today.
    const made = addMinutes(start, (spec.category === 'Illness' ? 1 : -4) * 24 * 60);
    const createdAt = made < today ? made : addMinutes(today, -3 * 60);
    const handled = addMinutes(createdAt, 24 * 60);
    return {
      student_user_id: userId, category_id: category.id, absence_start: start, absence_end: end,
      description: spec.description, status: spec.status, message_to_student: spec.message,
      created_at: createdAt, last_modified: spec.status === 'Pending' || handled > today ? createdAt : handled,
    };
  });
  await db.insertInto('absence_requests').values(rows).execute();
  return approved;
}
