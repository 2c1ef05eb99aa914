import type { Db } from '../database.js';
import type { NotificationType } from '../schema.domain.js';
import { addMinutes } from './calendar.js';
import { idOf } from './people.js';

/** Notifications, saved preferences, a recent referral and a feedback prompt for the personas. */

const HOUR = 60;
const DAY = 24 * HOUR;

/** [user name, minutes ago, type, title, body, url, is read] */
type SeededNotification = readonly [string, number, NotificationType, string, string, string | null, boolean];

/** [type, title, body, url] of the routine messages a student gets through the year. */
const routine: readonly [NotificationType, string, string, string | null][] = [
  ['General', 'Module feedback survey', 'Tell us how your modules are going: the survey takes five minutes.', null],
  ['Timetable', 'Room change', 'One of this week\u2019s classes has moved room; check your timetable.', '/timetable'],
  ['General', 'Wellbeing drop-in', 'The student support team holds a drop-in every Wednesday afternoon.', '/resources'],
  ['Attendance', 'Attendance update', 'Your attendance this month is on track. Keep it up!', '/attendance'],
  ['General', 'IT maintenance', 'Moodle will be unavailable on Sunday morning for planned maintenance.', null],
  ['Timetable', 'Class cancelled', 'A seminar this week is cancelled; your lecturer will share the materials online.', '/timetable'],
];

/**
 * A year of earlier notifications for `student`, one every six days from a week ago, all read: a
 * realistic inbox that needs paging.
 */
function studentHistory(): SeededNotification[] {
  return Array.from({ length: 60 }, (_, index) => index).flatMap((index): SeededNotification[] => {
    const message = routine[index % routine.length];
    if (!message) return [];
    const [type, title, body, url] = message;
    return [['student', (7 + index * 6) * DAY + (index % 5) * HOUR, type, title, body, url, true]];
  });
}

const notifications: readonly SeededNotification[] = [
  ['student', 12 * DAY, 'General', 'Welcome back', 'Your timetable, attendance and resources are all in the app. Take the tour to find your way around.', '/home', true],
  ['student', 2 * DAY, 'Attendance', 'Attendance check-in', 'You have missed some monitored sessions recently. Your personal tutor is here to help.', '/attendance', false],
  ['student', 1 * DAY, 'Timetable', 'Room change: CS2052 Seminar', 'This week\u2019s Software Engineering seminar moves to Group Study Room 1.01.', '/timetable', false],
  ['student', 2 * HOUR, 'General', 'Library opening hours', 'The library is open 24 hours a day until the end of exams.', null, false],
  ['student2', 3 * DAY, 'General', 'Careers fair next week', 'Sixty employers are coming to campus. Book your CV check now.', '/resources', false],
  ['lecturer', 4 * DAY, 'Timetable', 'Cover request', 'You are covering the next CS2063 lab in Software Lab 2.03.', '/timetable', false],
  ['student', 3 * DAY, 'General', 'Exam timetable published', 'Your summer exam dates and rooms are now on your timetable.', '/timetable', false],
  ['student', 5 * DAY, 'Timetable', 'Lecture moved: CS2041', 'Thursday\u2019s Algorithms lecture moves to Lecture Theatre B.', '/timetable', false],
  ...studentHistory(),
];

export async function seedNotificationsAndSettings(db: Db, today: Date, users: ReadonlyMap<string, number>): Promise<void> {
  await db
    .insertInto('notifications')
    .values(notifications.map(([userName, ago, type, title, body, url, isRead]) => {
      const sent = addMinutes(today, -ago);
      return {
        user_id: idOf(users, userName), title, body, notification_type: type, url,
        date_sent: sent, read_at: isRead ? addMinutes(sent, 3 * HOUR) : null,
      };
    }))
    .execute();

  await db
    .insertInto('user_preferences')
    .values({
      user_id: idOf(users, 'student2'), theme: 'Dark', border: 'Square', font: 'App Font',
      app_preferences: JSON.stringify({ isCategoryView: false }), updated_at: addMinutes(today, -5 * DAY),
    })
    .execute();

  // student2 was referred recently (a new referral is blocked); `student` may still send one.
  await db
    .insertInto('referrals')
    .values({ student_user_id: idOf(users, 'student2'), reason: 'Self Referral', notes: 'Struggling to keep up with coursework.', created_at: addMinutes(today, -6 * DAY) })
    .execute();
  await db
    .insertInto('feedback_prompts')
    .values({ user_id: idOf(users, 'student2'), prompted_at: addMinutes(today, -3 * DAY), provided_feedback: true })
    .execute();
  await db
    .insertInto('feedback')
    .values({ user_id: idOf(users, 'student2'), rating: 4, comment: 'Handy for checking rooms between lectures.', created_at: addMinutes(today, -3 * DAY) })
    .execute();
}
