import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readBundle } from '../../../../../src/server/features/imports/bundle/readBundle.js';
import type { ImportEntity } from '../../../../../src/shared/contract/adminImports.js';
import { collectingSink, makeTempDir, manifestCsv, writeZip } from './bundleZip.js';

const fileOf: Record<ImportEntity, string> = {
  academicSessions: 'academicSessions.csv', orgs: 'orgs.csv', courses: 'courses.csv', classes: 'classes.csv', users: 'users.csv',
  roles: 'roles.csv', enrollments: 'enrollments.csv', rooms: 'ext.rooms.csv', events: 'ext.events.csv', absenceCategories: 'ext.absenceCategories.csv',
};

let temp: Awaited<ReturnType<typeof makeTempDir>>;
beforeAll(async () => {
  temp = await makeTempDir();
});
afterAll(async () => {
  await temp.cleanup();
});

/** Reads a bundle of one data file. */
async function readOne(entity: ImportEntity, csv: string, mode: 'bulk' | 'delta' = 'bulk', limits = {}) {
  const zipPath = await writeZip(temp.dir, [
    { name: 'manifest.csv', data: manifestCsv({ [entity]: mode }) },
    { name: fileOf[entity], data: csv },
  ]);
  const collected = collectingSink();
  const result = await readBundle(zipPath, collected.sink, limits);
  return { result, rows: collected.rows.get(entity) ?? [] };
}

const eventsHeader = 'sourcedId,classSourcedId,eventType,start,end,roomSourcedId,teacherSourcedIds,isAttendanceMonitored,eventStatus,title';
const usersHeader = 'sourcedId,enabledUser,username,givenName,familyName,metadata.cc.studyLevel,metadata.cc.isStudentVisaHolder,email';
const roomsHeader = 'sourcedId,name,building,latitude,longitude,floor,capacity';

describe('row checks', () => {
  it.each([
    ['events', eventsHeader, 'ev1,c1,Lecture,2026-10-05 09:00,2026-10-05T10:00:00+01:00,,,,,', 'start', 'malformed_value',
      'ext.events.csv:2 start: "2026-10-05 09:00" has no offset'],
    ['events', eventsHeader, 'ev1,c1,Lecture,2026-10-05T09:00:00+01:00,2026-10-05T10:00:00,,,,,', 'end', 'malformed_value', '"2026-10-05T10:00:00" has no offset'],
    ['events', eventsHeader, 'ev1,c1,Lecture,5 October 2026,2026-10-05T10:00:00Z,,,,,', 'start', 'malformed_value', 'is not an ISO 8601 date and time with an offset'],
    ['events', eventsHeader, 'ev1,c1,Lecture,2026-02-30T09:00:00Z,2026-03-05T10:00:00Z,,,,,', 'start', 'malformed_value', 'is not a real date and time'],
    ['events', eventsHeader, 'ev1,c1,Lecture,2026-10-05T10:00:00+01:00,2026-10-05T09:00:00Z,,,,,', 'end', 'end_before_start', 'not after it starts'],
    ['events', eventsHeader, 'ev1,c1,Lecture,2026-10-05T09:00:00Z,2026-10-05T09:00:00Z,,,,,', 'end', 'end_before_start', 'ext.events.csv:2 end:'],
    ['events', eventsHeader, 'ev1,c1,Party,2026-10-05T09:00:00Z,2026-10-05T10:00:00Z,,,,,', 'eventType', 'malformed_value',
      '"Party" is not one of Lecture, Seminar, Lab, Tutorial, Workshop, Exam, Other'],
    ['events', eventsHeader, 'ev1,c1,Lab,2026-10-05T09:00:00Z,2026-10-05T10:00:00Z,,,,postponed,', 'eventStatus', 'malformed_value', 'is not one of scheduled, cancelled'],
    ['events', eventsHeader, 'ev1,c1,Lab,2026-10-05T09:00:00Z,2026-10-05T10:00:00Z,,,yes,,', 'isAttendanceMonitored', 'malformed_value', '"yes" is not true or false'],
    ['events', eventsHeader, ',c1,Lab,2026-10-05T09:00:00Z,2026-10-05T10:00:00Z,,,,,', 'sourcedId', 'missing_value',
      'ext.events.csv:2 sourcedId: a value is required but the cell is blank'],
    ['events', eventsHeader, `ev1,c1,Lab,2026-10-05T09:00:00Z,2026-10-05T10:00:00Z,,,,,${'x'.repeat(501)}`, 'title', 'malformed_value', 'is 501 characters long; at most 500'],
    ['users', usersHeader, `${'u'.repeat(256)},true,u1,A,B,,,`, 'sourcedId', 'malformed_value', 'at most 255'],
    ['users', usersHeader, 'u\u00071,true,u1,A,B,,,', 'sourcedId', 'malformed_value', '"u\\u00071" contains a control character'],
    ['users', usersHeader, 'u1,true,u1,A\u0000,B,,,', 'givenName', 'malformed_value', 'contains a NUL character'],
    ['users', usersHeader, 'u1,true,u1,A,B,two,,', 'metadata.cc.studyLevel', 'malformed_value', '"two" is not a whole number'],
    ['users', usersHeader, 'u1,true,u1,A,B,-1,,', 'metadata.cc.studyLevel', 'malformed_value', 'below the least allowed, 0'],
    ['users', usersHeader, 'u1,,u1,A,B,,,', 'enabledUser', 'missing_value', 'a value is required'],
    ['rooms', roomsHeader, 'r1,Room,Main,91,0,,', 'latitude', 'malformed_value', '91 is not between -90 and 90'],
    ['rooms', roomsHeader, 'r1,Room,Main,0,-180.5,,', 'longitude', 'malformed_value', '-180.5 is not between -180 and 180'],
    ['rooms', roomsHeader, 'r1,Room,Main,north,0,,', 'latitude', 'malformed_value', '"north" is not a decimal number'],
    ['rooms', roomsHeader, 'r1,Room,Main,51.5,,,', 'longitude', 'missing_value', 'give both or neither'],
    ['rooms', roomsHeader, 'r1,Room,Main,,,1.5,', 'floor', 'malformed_value', '"1.5" is not a whole number'],
    ['rooms', roomsHeader, 'r1,Room,Main,,,,-3', 'capacity', 'malformed_value', 'below the least allowed, 0'],
    ['academicSessions', 'sourcedId,title,type,startDate,endDate', 's1,T,term,2026-04-31,2026-05-01', 'startDate', 'malformed_value',
      '"2026-04-31" is not a real date written YYYY-MM-DD'],
    ['academicSessions', 'sourcedId,title,type,startDate,endDate', 's1,T,term,2026-09-01,2026-08-31', 'endDate', 'end_before_start', 'is before startDate'],
    ['enrollments', 'sourcedId,classSourcedId,userSourcedId,role,beginDate,endDate', 'e1,c1,u1,student,2026-09-01,01/12/2026', 'endDate', 'malformed_value',
      'is not a real date'],
    ['absenceCategories', 'sourcedId,name,description,absenceType,requiresDescription,requiresEvidence', 'a1,Ill,Ill,Excused,true,false',
      'absenceType', 'malformed_value', 'is not one of Authorised, Informed'],
    ['classes', 'sourcedId,title,courseSourcedId,classType,termSourcedIds', `c1,T,co1,scheduled,"t1,${'t'.repeat(256)}"`, 'termSourcedIds', 'malformed_value', 'at most 255'],
    ['orgs', 'sourcedId,name,type,status', 'o1,Org,school,tobedeleted', 'status', 'malformed_value', '"tobedeleted" is for delta files only'],
    ['orgs', 'sourcedId,name,type,status', 'o1,Org,school,inactive', 'status', 'malformed_value', '"inactive" is not one of active, tobedeleted'],
    ['orgs', 'sourcedId,name,type,dateLastModified', 'o1,Org,school,yesterday', 'dateLastModified', 'malformed_value', 'is not an ISO 8601 date and time'],
  ] as const)('%s: %s / %s → %s %s', async (entity, header, row, column, code, message) => {
    const { result, rows } = await readOne(entity, `${header}\n${row}\n`);
    expect(rows).toEqual([]);
    expect(result.errors).toHaveLength(1);
    expect(result.errors[0]).toMatchObject({ file: fileOf[entity], line: 2, column, code });
    expect(result.errors[0]?.message).toContain(message);
    expect(result.errors[0]?.message).toMatch(new RegExp(`^${fileOf[entity].replaceAll('.', '\\.')}:2 ${column.replaceAll('.', '\\.')}: `));
  });

  it('reports every bad column of a row once, and still reads the good rows around it', async () => {
    const { result, rows } = await readOne('events', [
      eventsHeader,
      'ev1,c1,Lecture,2026-10-05T09:00:00Z,2026-10-05T10:00:00Z,,,,,',
      'ev2,,Gig,2026-10-05 09:00,,,,maybe,,',
      'ev3,c1,Exam,2026-10-05T09:00:00Z,2026-10-05T12:00:00Z,,,,,',
    ].join('\n'));
    expect(rows.map((each) => [each.line, each.row.sourcedId])).toEqual([[2, 'ev1'], [4, 'ev3']]);
    expect(result.errors.map((each) => [each.line, each.column, each.code])).toEqual([
      [3, 'classSourcedId', 'missing_value'],
      [3, 'eventType', 'malformed_value'],
      [3, 'start', 'malformed_value'],
      [3, 'end', 'missing_value'],
      [3, 'isAttendanceMonitored', 'malformed_value'],
    ]);
    expect(result.rowCounts.events).toBe(3);
  });

  it('reports a row with the wrong number of fields by its line and reads on', async () => {
    const { result, rows } = await readOne('orgs', 'sourcedId,name,type\no1,One,school\no2,Two\no3,Three,school,extra\no4,Four,school\n');
    expect(rows.map((each) => each.row.sourcedId)).toEqual(['o1', 'o4']);
    expect(result.errors).toEqual([
      { file: 'orgs.csv', line: 3, column: null, code: 'wrong_field_count', message: 'orgs.csv:3 has 2 fields but the header has 3' },
      { file: 'orgs.csv', line: 4, column: null, code: 'wrong_field_count', message: 'orgs.csv:4 has 4 fields but the header has 3' },
    ]);
    expect(result.rowCounts.orgs).toBe(4);
  });

  it('keeps maxProblems errors and counts the rest', async () => {
    const lines = ['sourcedId,name,type'];
    for (let n = 1; n <= 20; n += 1) lines.push(`o${n},,school`);
    const { result } = await readOne('orgs', lines.join('\n'), 'bulk', { maxProblems: 5 });
    expect(result.errors.map((each) => each.line)).toEqual([2, 3, 4, 5, 6]);
    expect(result.moreErrors).toBe(15);
    expect(result.warnings).toEqual([]);
    expect(result.moreWarnings).toBe(0);
  });
});

describe('delta files', () => {
  it('reads active and tobedeleted rows', async () => {
    const { result, rows } = await readOne('users', [
      'dateLastModified,status,sourcedId,enabledUser,username,givenName,familyName',
      '2026-05-01T10:00:00.000Z,active,u1,true,u1,Ada,Lovelace',
      '2026-05-02T10:00:00Z,TobeDeleted,u2,false,u2,Alan,Turing',
    ].join('\n'), 'delta');
    expect(result.errors).toEqual([]);
    expect(result.manifest?.modes.users).toBe('delta');
    expect(rows.map((each) => [each.line, each.row.sourcedId, each.row.status])).toEqual([[2, 'u1', 'active'], [3, 'u2', 'tobedeleted']]);
  });

  it('needs status and dateLastModified columns', async () => {
    const { result, rows } = await readOne('users', 'sourcedId,enabledUser,username,givenName,familyName\nu1,true,u1,A,B\n', 'delta');
    expect(rows).toEqual([]);
    expect(result.errors).toEqual([
      { file: 'users.csv', line: null, column: 'status', code: 'missing_column', message: 'users.csv: no column "status"; none of the file\'s rows were read' },
      { file: 'users.csv', line: null, column: 'dateLastModified', code: 'missing_column', message: 'users.csv: no column "dateLastModified"; none of the file\'s rows were read' },
    ]);
    expect(result.rowCounts.users).toBe(0);
  });

  it('needs a status and a dateLastModified on every row', async () => {
    const { result, rows } = await readOne('orgs', 'sourcedId,name,type,status,dateLastModified\no1,One,school,,2026-05-01T10:00:00Z\no2,Two,school,active,\n', 'delta');
    expect(rows).toEqual([]);
    expect(result.errors.map((each) => [each.line, each.column, each.code])).toEqual([[2, 'status', 'missing_value'], [3, 'dateLastModified', 'missing_value']]);
  });
});
