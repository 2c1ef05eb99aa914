import { z } from 'zod';
import type { ImportEntity } from '../../../../shared/contract/adminImports.js';
import {
  booleanValue, choiceValue, dateValue, decimalValue, flag, idListValue, idValue, instantValue, integerValue, modifiedValue,
  optional, required, cellLengths, textValue, withDefault,
} from './cells.js';
import { shown } from './problems.js';
import type { ImportEventType, RecordStatus, RowOf } from './rows.js';

/**
 * What each file of the bundle holds (IMPORT-FORMAT.md): its name, the columns that must be in its
 * header, and the zod schema that checks one row and turns it into the entity's row type. Schema
 * keys are the CSV column names, so an issue's path names the column.
 */

export type DataMode = 'bulk' | 'delta';

export interface EntitySpec<E extends ImportEntity> {
  /** The file's name in the bundle, e.g. `users.csv`. */
  readonly fileName: string;
  /** The manifest's line for the file, e.g. `file.users`. */
  readonly manifestKey: string;
  /** Whether a manifest without the line means `absent` (the extension files) or is an error. */
  readonly manifestLineOptional: boolean;
  /** Columns that must be in the header whatever the mode; a delta file also needs `status` and `dateLastModified`. */
  readonly requiredColumns: readonly string[];
  /** Every column the import reads; any other column is ignored. */
  readonly columns: readonly string[];
  schema(mode: DataMode): z.ZodType<RowOf[E]>;
}

export const deltaColumns = ['status', 'dateLastModified'] as const;

const statusChoices = ['active', 'tobedeleted'] as const satisfies readonly RecordStatus[];

/** `status`: bulk rows are active (blank or `active`), a delta says `active` or `tobedeleted`. */
function statusCell(mode: DataMode) {
  if (mode === 'delta') return required(choiceValue(statusChoices));
  return optional(choiceValue(statusChoices)).transform((status, ctx): RecordStatus => {
    if (status === 'tobedeleted') {
      flag(ctx, 'status', 'malformed_value',
        '"tobedeleted" is for delta files only; in a bulk file, leave the record out and it is deactivated');
      return z.NEVER;
    }
    return 'active';
  });
}

function baseShape(mode: DataMode) {
  return {
    sourcedId: required(idValue),
    status: statusCell(mode),
    dateLastModified: mode === 'delta' ? required(modifiedValue) : optional(modifiedValue),
  };
}

const id = required(idValue);
const idOrNull = optional(idValue);
const shortText = required(textValue(cellLengths.short));
const shortTextOrNull = optional(textValue(cellLengths.short));
const text = required(textValue(cellLengths.text));
const textOrNull = optional(textValue(cellLengths.text));
const dateOrNull = optional(dateValue);

/** Flags `endColumn` when both dates are set and the end comes before the start (one day is fine). */
function checkDateOrder(ctx: z.RefinementCtx, start: string | null, end: string | null, startColumn: string, endColumn: string): boolean {
  if (start === null || end === null || end >= start) return true;
  flag(ctx, endColumn, 'end_before_start', `${shown(end)} is before ${startColumn} ${shown(start)}`);
  return false;
}

/** Builds a spec: `shape` holds the entity's own columns; the base ones (sourcedId, status, dateLastModified) are added. */
function entity<E extends ImportEntity, S extends z.ZodRawShape>(
  _entity: E,
  fileName: string,
  manifestKey: string,
  requiredColumns: readonly (keyof S & string)[],
  shape: S,
  toRow: (cells: z.output<z.ZodObject<ReturnType<typeof baseShape> & S>>, ctx: z.RefinementCtx) => RowOf[E],
): EntitySpec<E> {
  const schemas = new Map<DataMode, z.ZodType<RowOf[E]>>();
  return {
    fileName,
    manifestKey,
    manifestLineOptional: manifestKey.startsWith('file.ext.'),
    requiredColumns: ['sourcedId', ...requiredColumns],
    columns: [...Object.keys(baseShape('bulk')), ...Object.keys(shape)],
    schema(mode) {
      let schema = schemas.get(mode);
      if (schema === undefined) {
        schema = z.object({ ...baseShape(mode), ...shape }).transform((cells, ctx) => toRow(cells, ctx));
        schemas.set(mode, schema);
      }
      return schema;
    },
  };
}

const eventTypes = ['Lecture', 'Seminar', 'Lab', 'Tutorial', 'Workshop', 'Exam', 'Other'] as const satisfies readonly ImportEventType[];

export const entitySpecs: { readonly [E in ImportEntity]: EntitySpec<E> } = {
  academicSessions: entity('academicSessions', 'academicSessions.csv', 'file.academicSessions', ['title', 'type', 'startDate', 'endDate'], {
    title: text,
    type: shortText,
    startDate: required(dateValue),
    endDate: required(dateValue),
    parentSourcedId: idOrNull,
    schoolYear: shortTextOrNull,
  }, (cells, ctx) => {
    if (!checkDateOrder(ctx, cells.startDate, cells.endDate, 'startDate', 'endDate')) return z.NEVER;
    return {
      sourcedId: cells.sourcedId, status: cells.status, title: cells.title, type: cells.type, startDate: cells.startDate,
      endDate: cells.endDate, parentSourcedId: cells.parentSourcedId, schoolYear: cells.schoolYear,
    };
  }),

  orgs: entity('orgs', 'orgs.csv', 'file.orgs', ['name', 'type'], {
    name: text,
    type: shortText,
    identifier: shortTextOrNull,
    parentSourcedId: idOrNull,
  }, (cells) => ({
    sourcedId: cells.sourcedId, status: cells.status, name: cells.name, type: cells.type, identifier: cells.identifier,
    parentSourcedId: cells.parentSourcedId,
  })),

  courses: entity('courses', 'courses.csv', 'file.courses', ['title', 'courseCode'], {
    title: text,
    courseCode: shortText,
    schoolYearSourcedId: idOrNull,
    orgSourcedId: idOrNull,
  }, (cells) => ({
    sourcedId: cells.sourcedId, status: cells.status, title: cells.title, courseCode: cells.courseCode,
    schoolYearSourcedId: cells.schoolYearSourcedId, orgSourcedId: cells.orgSourcedId,
  })),

  classes: entity('classes', 'classes.csv', 'file.classes', ['title', 'courseSourcedId', 'classType'], {
    title: text,
    courseSourcedId: id,
    classType: shortText,
    classCode: shortTextOrNull,
    termSourcedIds: idListValue,
    schoolSourcedId: idOrNull,
    location: textOrNull,
  }, (cells) => ({
    sourcedId: cells.sourcedId, status: cells.status, title: cells.title, courseSourcedId: cells.courseSourcedId,
    classType: cells.classType, classCode: cells.classCode, termSourcedIds: cells.termSourcedIds,
    schoolSourcedId: cells.schoolSourcedId, location: cells.location,
  })),

  users: entity('users', 'users.csv', 'file.users', ['enabledUser', 'username', 'givenName', 'familyName'], {
    enabledUser: required(booleanValue),
    username: shortText,
    givenName: text,
    familyName: text,
    identifier: shortTextOrNull,
    email: shortTextOrNull,
    preferredGivenName: textOrNull,
    preferredFamilyName: textOrNull,
    primaryOrgSourcedId: idOrNull,
    'metadata.cc.registrationStatus': shortTextOrNull,
    'metadata.cc.studyLevel': optional(integerValue(0)),
    'metadata.cc.programme': textOrNull,
    'metadata.cc.isStudentVisaHolder': optional(booleanValue),
    'metadata.cc.staffJobFamily': shortTextOrNull,
    'metadata.cc.personalTutorSourcedId': idOrNull,
  }, (cells) => ({
    sourcedId: cells.sourcedId, status: cells.status, enabledUser: cells.enabledUser, username: cells.username,
    givenName: cells.givenName, familyName: cells.familyName, identifier: cells.identifier, email: cells.email,
    preferredGivenName: cells.preferredGivenName, preferredFamilyName: cells.preferredFamilyName,
    primaryOrgSourcedId: cells.primaryOrgSourcedId,
    registrationStatus: cells['metadata.cc.registrationStatus'],
    studyLevel: cells['metadata.cc.studyLevel'],
    programme: cells['metadata.cc.programme'],
    isStudentVisaHolder: cells['metadata.cc.isStudentVisaHolder'],
    staffJobFamily: cells['metadata.cc.staffJobFamily'],
    personalTutorSourcedId: cells['metadata.cc.personalTutorSourcedId'],
  })),

  roles: entity('roles', 'roles.csv', 'file.roles', ['userSourcedId', 'roleType', 'role', 'orgSourcedId'], {
    userSourcedId: id,
    roleType: shortText,
    role: shortText,
    orgSourcedId: id,
    beginDate: dateOrNull,
    endDate: dateOrNull,
  }, (cells, ctx) => {
    if (!checkDateOrder(ctx, cells.beginDate, cells.endDate, 'beginDate', 'endDate')) return z.NEVER;
    return {
      sourcedId: cells.sourcedId, status: cells.status, userSourcedId: cells.userSourcedId, roleType: cells.roleType,
      role: cells.role, orgSourcedId: cells.orgSourcedId, beginDate: cells.beginDate, endDate: cells.endDate,
    };
  }),

  enrollments: entity('enrollments', 'enrollments.csv', 'file.enrollments', ['classSourcedId', 'userSourcedId', 'role'], {
    classSourcedId: id,
    userSourcedId: id,
    role: shortText,
    primary: optional(booleanValue),
    beginDate: dateOrNull,
    endDate: dateOrNull,
    schoolSourcedId: idOrNull,
  }, (cells, ctx) => {
    if (!checkDateOrder(ctx, cells.beginDate, cells.endDate, 'beginDate', 'endDate')) return z.NEVER;
    return {
      sourcedId: cells.sourcedId, status: cells.status, classSourcedId: cells.classSourcedId, userSourcedId: cells.userSourcedId,
      role: cells.role, isPrimary: cells.primary, beginDate: cells.beginDate, endDate: cells.endDate,
    };
  }),

  rooms: entity('rooms', 'ext.rooms.csv', 'file.ext.rooms', ['name', 'building'], {
    name: text,
    building: text,
    latitude: optional(decimalValue(-90, 90)),
    longitude: optional(decimalValue(-180, 180)),
    floor: optional(integerValue()),
    capacity: optional(integerValue(0)),
  }, (cells, ctx) => {
    if ((cells.latitude === null) !== (cells.longitude === null)) {
      const missing = cells.latitude === null ? 'latitude' : 'longitude';
      flag(ctx, missing, 'missing_value', `is blank, but ${missing === 'latitude' ? 'longitude' : 'latitude'} is set; give both or neither`);
      return z.NEVER;
    }
    return {
      sourcedId: cells.sourcedId, status: cells.status, name: cells.name, building: cells.building, latitude: cells.latitude,
      longitude: cells.longitude, floor: cells.floor, capacity: cells.capacity,
    };
  }),

  events: entity('events', 'ext.events.csv', 'file.ext.events', ['classSourcedId', 'eventType', 'start', 'end'], {
    classSourcedId: id,
    eventType: required(choiceValue(eventTypes)),
    start: required(instantValue),
    end: required(instantValue),
    roomSourcedId: idOrNull,
    teacherSourcedIds: idListValue,
    isAttendanceMonitored: withDefault(booleanValue, false),
    eventStatus: withDefault(choiceValue(['scheduled', 'cancelled']), 'scheduled'),
    title: textOrNull,
  }, (cells, ctx) => {
    if (cells.end.getTime() <= cells.start.getTime()) {
      flag(ctx, 'end', 'end_before_start',
        `the event ends at ${cells.end.toISOString()}, not after it starts at ${cells.start.toISOString()} (both in UTC)`);
      return z.NEVER;
    }
    return {
      sourcedId: cells.sourcedId, status: cells.status, classSourcedId: cells.classSourcedId, eventType: cells.eventType,
      start: cells.start, end: cells.end, roomSourcedId: cells.roomSourcedId, teacherSourcedIds: cells.teacherSourcedIds,
      isAttendanceMonitored: cells.isAttendanceMonitored, isCancelled: cells.eventStatus === 'cancelled', title: cells.title,
    };
  }),

  absenceCategories: entity('absenceCategories', 'ext.absenceCategories.csv', 'file.ext.absenceCategories',
    ['name', 'description', 'absenceType', 'requiresDescription', 'requiresEvidence'], {
      name: text,
      description: required(textValue(cellLengths.long)),
      absenceType: required(choiceValue(['Authorised', 'Informed'])),
      requiresDescription: required(booleanValue),
      requiresEvidence: required(booleanValue),
    }, (cells) => ({
      sourcedId: cells.sourcedId, status: cells.status, name: cells.name, description: cells.description,
      absenceType: cells.absenceType, requiresDescription: cells.requiresDescription, requiresEvidence: cells.requiresEvidence,
    })),
};
