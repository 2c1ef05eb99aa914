import type { ImportEntity } from '../../../shared/contract/adminImports.js';

/**
 * What the pipeline knows of each entity: the file it comes from, the table that holds it, and
 * the references its rows make (checked against the bundle and what is held). Order matters:
 * entities are applied in `importEntityNames` order, so a reference always points to an entity
 * applied before it (or to the same one).
 */

export interface Reference {
  /** The field of the staged row (its JSON key). */
  readonly field: string;
  readonly target: ImportEntity;
  /** The field holds a list of ids. */
  readonly isList?: boolean;
}

export interface EntitySpec {
  readonly entity: ImportEntity;
  /** The file's name in the bundle, as problems quote it. */
  readonly file: string;
  /**
   * The held records an import manages, as SQL over one relation: `sourced_id`, `is_active`,
   * `import_hash` and `batch_id` (records without a sourced id, e.g. made before imports, are not the import's).
   */
  readonly held: string;
  readonly references: readonly Reference[];
  /** A field that names the same thing under a new id (for "looks like an id change"), and its held column. */
  readonly naturalKey?: { readonly field: string; readonly heldColumn: string };
}

const simple = (table: string, key = 'sourced_id') =>
  `(select ${key} as sourced_id, is_active, import_hash, batch_id from ${table} where ${key} is not null and import_hash is not null)`;

export const entitySpecs: Readonly<Record<ImportEntity, EntitySpec>> = {
  academicSessions: {
    entity: 'academicSessions', file: 'academicSessions.csv', held: simple('academic_sessions'),
    references: [{ field: 'parentSourcedId', target: 'academicSessions' }],
  },
  orgs: {
    entity: 'orgs', file: 'orgs.csv', held: simple('orgs'),
    references: [{ field: 'parentSourcedId', target: 'orgs' }],
  },
  courses: {
    entity: 'courses', file: 'courses.csv', held: simple('modules'),
    references: [{ field: 'schoolYearSourcedId', target: 'academicSessions' }, { field: 'orgSourcedId', target: 'orgs' }],
    naturalKey: { field: 'courseCode', heldColumn: 'code' },
  },
  classes: {
    entity: 'classes', file: 'classes.csv', held: simple('teaching_groups'),
    references: [
      { field: 'courseSourcedId', target: 'courses' },
      { field: 'termSourcedIds', target: 'academicSessions', isList: true },
      { field: 'schoolSourcedId', target: 'orgs' },
    ],
    naturalKey: { field: 'title', heldColumn: 'title' },
  },
  users: {
    entity: 'users', file: 'users.csv', held: simple('users'),
    references: [{ field: 'primaryOrgSourcedId', target: 'orgs' }, { field: 'personalTutorSourcedId', target: 'users' }],
    naturalKey: { field: 'username', heldColumn: 'user_name' },
  },
  roles: {
    entity: 'roles', file: 'roles.csv', held: simple('person_roles'),
    references: [{ field: 'userSourcedId', target: 'users' }, { field: 'orgSourcedId', target: 'orgs' }],
  },
  enrollments: {
    entity: 'enrollments', file: 'enrollments.csv',
    held: `(${simple('enrolments').slice(1, -1)} union all ${simple('teaching_assignments').slice(1, -1)})`,
    references: [{ field: 'classSourcedId', target: 'classes' }, { field: 'userSourcedId', target: 'users' }],
  },
  rooms: {
    entity: 'rooms', file: 'ext.rooms.csv', held: simple('rooms', 'id'),
    references: [],
    naturalKey: { field: 'name', heldColumn: 'name' },
  },
  events: {
    entity: 'events', file: 'ext.events.csv', held: simple('timetable_events'),
    references: [
      { field: 'classSourcedId', target: 'classes' },
      { field: 'roomSourcedId', target: 'rooms' },
      { field: 'teacherSourcedIds', target: 'users', isList: true },
    ],
  },
  absenceCategories: {
    entity: 'absenceCategories', file: 'ext.absenceCategories.csv', held: simple('absence_categories'),
    references: [],
    naturalKey: { field: 'name', heldColumn: 'name' },
  },
};

/** Enrolment roles the app uses; rows with any other role (aide, guardian, …) are read and left out. */
export const usedEnrollmentRoles = ['student', 'teacher'] as const;
