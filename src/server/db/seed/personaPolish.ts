import { sql } from 'kysely';
import type { Db } from '../database.js';
import { namedStaff } from './bundle/demo/people.js';
import { idOf } from './people.js';
import { personas } from './personas.js';

/**
 * What the demo's people have that no import carries: titles in their names ('Dr Helen Marsh';
 * OneRoster has given and family names only), the roles sign-in would give the personas
 * (Administrator for `admin`), and where each student's personal tutor can be found.
 */

const tutorOffices: Readonly<Record<string, string>> = {
  student: 'Engineering Building, room 2.14',
  student2: 'Engineering Building, room 3.02',
  'student.unenrolled': 'Library Annexe, room 1.05',
  'student.unknown': 'Engineering Building, room 4.20',
};

export async function polishPersonas(db: Db, users: ReadonlyMap<string, number>): Promise<void> {
  for (const { userName, displayName } of [...personas, ...namedStaff]) {
    await db.updateTable('users').set({ display_name: displayName }).where('id', '=', idOf(users, userName)).execute();
  }
  for (const persona of personas) {
    if (persona.roles.length === 0) continue;
    await db.insertInto('user_roles')
      .values(persona.roles.map((role) => ({ user_id: idOf(users, persona.userName), role, via_sign_in: true })))
      .onConflict((oc) => oc.columns(['user_id', 'role']).doUpdateSet({ via_sign_in: true }))
      .execute();
  }
  for (const [userName, office] of Object.entries(tutorOffices)) {
    await db.updateTable('personal_tutors').set({ office }).where('student_user_id', '=', idOf(users, userName)).execute();
  }
  // The timetable shows its lecturers by name: again, now they carry their titles.
  await sql`
    update timetable_events e set staff_names = coalesce(
      (select string_agg(u.display_name, '; ' order by u.display_name) from teaching_assignments ta join users u on u.id = ta.lecturer_user_id
        where ta.event_id = e.id and ta.is_active),
      (select string_agg(u.display_name, '; ' order by u.display_name) from teaching_assignments ta join users u on u.id = ta.lecturer_user_id
        where ta.group_id = e.group_id and ta.is_active),
      '')`.execute(db);
}
