import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readBundle } from '../../../../../src/server/features/imports/bundle/readBundle.js';
import { importEntityNames } from '../../../../../src/shared/contract/adminImports.js';
import { collectingSink, makeTempDir, manifestCsv, writeZip, type ZipFileSpec } from './bundleZip.js';

const crlf = (text: string) => text.replaceAll('\n', '\r\n');

/** A small bulk bundle with all ten files, written the ways real exports are. */
const allTen: readonly ZipFileSpec[] = [
  { name: 'manifest.csv', data: manifestCsv({
    academicSessions: 'bulk', orgs: 'bulk', courses: 'bulk', classes: 'bulk', users: 'bulk', roles: 'bulk', enrollments: 'bulk',
    rooms: 'bulk', events: 'bulk', absenceCategories: 'bulk',
  }, ['source.systemName,Demo SIS', 'source.systemCode,demo-sis', 'file.demographics,bulk']) },
  { name: 'academicSessions.csv', data: [
    'sourcedId,status,dateLastModified,title,type,startDate,endDate,parentSourcedId,schoolYear',
    'y2026,,,2026/27,schoolYear,2026-09-01,2027-08-31,,2027',
    't1,active,2026-05-01T10:00:00.000Z,Autumn term,term,2026-09-28,2026-12-11,y2026,2027',
    '',
  ].join('\n') },
  // Columns in another order, one the import does not know, a blank line in the middle.
  { name: 'orgs.csv', data: 'type,notes,name,sourcedId\nschool,ignored,"School of Computing, Maths and AI",org-comp\n\ndepartment,,Computer Science,org-cs\n' },
  { name: 'courses.csv', data: 'sourcedId,title,courseCode,schoolYearSourcedId,orgSourcedId\ncs2041,Algorithms,CS2041,y2026,org-comp\n' },
  { name: 'classes.csv', data: [
    'sourcedId,title,courseSourcedId,classType,classCode,termSourcedIds,schoolSourcedId,location',
    'cs2041-lec,CS2041 lectures,cs2041,scheduled,LEC,"t1, t2,",org-comp,',
    'cs2041-lab-a,CS2041 lab A,cs2041,scheduled,,,,Lab 3',
  ].join('\n') },
  // A BOM, CRLF line ends, and a quoted value over two lines (so the row after it starts on line 5).
  { name: 'users.csv', data: Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(crlf([
    'sourcedId,enabledUser,username,givenName,familyName,identifier,email,preferredGivenName,preferredFamilyName,primaryOrgSourcedId,'
      + 'metadata.cc.registrationStatus,metadata.cc.studyLevel,metadata.cc.programme,metadata.cc.isStudentVisaHolder,'
      + 'metadata.cc.staffJobFamily,metadata.cc.personalTutorSourcedId',
    'u-ada,TRUE,ada@uni.example,Ada,Lovelace,S0001,ada@uni.example,,,org-comp,Registered-Enrolled,1,BSc Computer Science,false,,u-alan',
    'u-grace,true,grace@uni.example,Grace,Hopper,S0002,,"Amazing\nGrace",,org-comp,,7,"MSc ""Data"" Science",True,,',
    'u-alan,False,alan@uni.example,Alan,Turing,E0001,,,,org-cs,,,,,Academic,',
    '',
  ].join('\n')), 'utf8')]) },
  { name: 'roles.csv', data: 'sourcedId,userSourcedId,roleType,role,orgSourcedId,beginDate,endDate\nr1,u-ada,primary,student,org-comp,2026-09-01,\nr2,u-alan,primary,teacher,org-cs,,\n' },
  { name: 'enrollments.csv', data: 'sourcedId,classSourcedId,userSourcedId,role,primary,beginDate,endDate,schoolSourcedId\n'
    + 'e1,cs2041-lec,u-ada,student,,2026-09-28,2026-12-11,org-comp\ne2,cs2041-lec,u-alan,teacher,true,,,\n' },
  { name: 'ext.rooms.csv', data: 'sourcedId,name,building,latitude,longitude,floor,capacity\n'
    + 'room-elt1,Engineering Lecture Theatre 1,Engineering,51.5072,-0.1276,-1,250\nroom-online,Online,Virtual,,,,\n' },
  { name: 'ext.events.csv', data: [
    'sourcedId,classSourcedId,eventType,start,end,roomSourcedId,teacherSourcedIds,isAttendanceMonitored,eventStatus,title',
    'ev1,cs2041-lec,Lecture,2026-10-05T09:00:00+01:00,2026-10-05T10:00:00+01:00,room-elt1,"u-alan, u-grace",TRUE,,',
    'ev2,cs2041-lab-a,lab,2026-10-26T14:00Z,2026-10-26T16:00:00.500Z,,,,cancelled,Extra lab',
  ].join('\n') },
  { name: 'ext.absenceCategories.csv', data: 'sourcedId,name,description,absenceType,requiresDescription,requiresEvidence\n'
    + 'ac-ill,Illness,"Ill, and unable to attend; say how long",Authorised,true,FALSE\n' },
  // Ignored: not named by the manifest's entities.
  { name: 'demographics.csv', data: 'sourcedId,birthDate\nu-ada,1815-12-10\n' },
];

describe('readBundle on a valid bulk bundle', () => {
  let temp: Awaited<ReturnType<typeof makeTempDir>>;
  beforeAll(async () => {
    temp = await makeTempDir();
  });
  afterAll(async () => {
    await temp.cleanup();
  });

  it('reads all ten files, normalised, in entity order and in batches of at most batchSize', async () => {
    const zipPath = await writeZip(temp.dir, allTen);
    const { sink, rows, batches } = collectingSink();
    const result = await readBundle(zipPath, sink, { batchSize: 2 });

    expect(result.errors).toEqual([]);
    expect(result.warnings).toEqual([]);
    expect(result.moreErrors).toBe(0);
    expect(result.manifest).toEqual({
      modes: Object.fromEntries(importEntityNames.map((entity) => [entity, 'bulk'])),
      fileNames: {
        academicSessions: 'academicSessions.csv', orgs: 'orgs.csv', courses: 'courses.csv', classes: 'classes.csv', users: 'users.csv',
        roles: 'roles.csv', enrollments: 'enrollments.csv', rooms: 'ext.rooms.csv', events: 'ext.events.csv',
        absenceCategories: 'ext.absenceCategories.csv',
      },
      sourceSystemName: 'Demo SIS',
      sourceSystemCode: 'demo-sis',
    });
    expect(result.rowCounts).toEqual({
      academicSessions: 2, orgs: 2, courses: 1, classes: 2, users: 3, roles: 2, enrollments: 2, rooms: 2, events: 2, absenceCategories: 1,
    });

    expect(batches.every((batch) => batch.size >= 1 && batch.size <= 2)).toBe(true);
    expect(batches.filter((batch) => batch.entity === 'users').map((batch) => batch.size)).toEqual([2, 1]);
    const order = [...new Set(batches.map((batch) => batch.entity))];
    expect(order).toEqual(importEntityNames);

    expect(rows.get('academicSessions')).toEqual([
      { line: 2, row: { sourcedId: 'y2026', status: 'active', title: '2026/27', type: 'schoolYear', startDate: '2026-09-01', endDate: '2027-08-31', parentSourcedId: null, schoolYear: '2027' } },
      { line: 3, row: { sourcedId: 't1', status: 'active', title: 'Autumn term', type: 'term', startDate: '2026-09-28', endDate: '2026-12-11', parentSourcedId: 'y2026', schoolYear: '2027' } },
    ]);
    expect(rows.get('orgs')).toEqual([
      { line: 2, row: { sourcedId: 'org-comp', status: 'active', name: 'School of Computing, Maths and AI', type: 'school', identifier: null, parentSourcedId: null } },
      { line: 4, row: { sourcedId: 'org-cs', status: 'active', name: 'Computer Science', type: 'department', identifier: null, parentSourcedId: null } },
    ]);
    expect(rows.get('classes')?.map((each) => each.row)).toEqual([
      { sourcedId: 'cs2041-lec', status: 'active', title: 'CS2041 lectures', courseSourcedId: 'cs2041', classType: 'scheduled', classCode: 'LEC', termSourcedIds: ['t1', 't2'], schoolSourcedId: 'org-comp', location: null },
      { sourcedId: 'cs2041-lab-a', status: 'active', title: 'CS2041 lab A', courseSourcedId: 'cs2041', classType: 'scheduled', classCode: null, termSourcedIds: [], schoolSourcedId: null, location: 'Lab 3' },
    ]);
    expect(rows.get('users')).toEqual([
      { line: 2, row: {
        sourcedId: 'u-ada', status: 'active', enabledUser: true, username: 'ada@uni.example', givenName: 'Ada', familyName: 'Lovelace',
        identifier: 'S0001', email: 'ada@uni.example', preferredGivenName: null, preferredFamilyName: null, primaryOrgSourcedId: 'org-comp',
        registrationStatus: 'Registered-Enrolled', studyLevel: 1, programme: 'BSc Computer Science', isStudentVisaHolder: false,
        staffJobFamily: null, personalTutorSourcedId: 'u-alan',
      } },
      { line: 3, row: {
        sourcedId: 'u-grace', status: 'active', enabledUser: true, username: 'grace@uni.example', givenName: 'Grace', familyName: 'Hopper',
        identifier: 'S0002', email: null, preferredGivenName: 'Amazing\nGrace', preferredFamilyName: null, primaryOrgSourcedId: 'org-comp',
        registrationStatus: null, studyLevel: 7, programme: 'MSc "Data" Science', isStudentVisaHolder: true,
        staffJobFamily: null, personalTutorSourcedId: null,
      } },
      { line: 5, row: {
        sourcedId: 'u-alan', status: 'active', enabledUser: false, username: 'alan@uni.example', givenName: 'Alan', familyName: 'Turing',
        identifier: 'E0001', email: null, preferredGivenName: null, preferredFamilyName: null, primaryOrgSourcedId: 'org-cs',
        registrationStatus: null, studyLevel: null, programme: null, isStudentVisaHolder: null, staffJobFamily: 'Academic', personalTutorSourcedId: null,
      } },
    ]);
    expect(rows.get('roles')?.map((each) => each.row)).toEqual([
      { sourcedId: 'r1', status: 'active', userSourcedId: 'u-ada', roleType: 'primary', role: 'student', orgSourcedId: 'org-comp', beginDate: '2026-09-01', endDate: null },
      { sourcedId: 'r2', status: 'active', userSourcedId: 'u-alan', roleType: 'primary', role: 'teacher', orgSourcedId: 'org-cs', beginDate: null, endDate: null },
    ]);
    expect(rows.get('enrollments')?.map((each) => each.row)).toEqual([
      { sourcedId: 'e1', status: 'active', classSourcedId: 'cs2041-lec', userSourcedId: 'u-ada', role: 'student', isPrimary: null, beginDate: '2026-09-28', endDate: '2026-12-11' },
      { sourcedId: 'e2', status: 'active', classSourcedId: 'cs2041-lec', userSourcedId: 'u-alan', role: 'teacher', isPrimary: true, beginDate: null, endDate: null },
    ]);
    expect(rows.get('rooms')?.map((each) => each.row)).toEqual([
      { sourcedId: 'room-elt1', status: 'active', name: 'Engineering Lecture Theatre 1', building: 'Engineering', latitude: 51.5072, longitude: -0.1276, floor: -1, capacity: 250 },
      { sourcedId: 'room-online', status: 'active', name: 'Online', building: 'Virtual', latitude: null, longitude: null, floor: null, capacity: null },
    ]);
    expect(rows.get('events')?.map((each) => each.row)).toEqual([
      { sourcedId: 'ev1', status: 'active', classSourcedId: 'cs2041-lec', eventType: 'Lecture', start: new Date('2026-10-05T08:00:00Z'), end: new Date('2026-10-05T09:00:00Z'),
        roomSourcedId: 'room-elt1', teacherSourcedIds: ['u-alan', 'u-grace'], isAttendanceMonitored: true, isCancelled: false, title: null },
      { sourcedId: 'ev2', status: 'active', classSourcedId: 'cs2041-lab-a', eventType: 'Lab', start: new Date('2026-10-26T14:00:00Z'), end: new Date('2026-10-26T16:00:00.500Z'),
        roomSourcedId: null, teacherSourcedIds: [], isAttendanceMonitored: false, isCancelled: true, title: 'Extra lab' },
    ]);
    expect(rows.get('absenceCategories')).toEqual([
      { line: 2, row: { sourcedId: 'ac-ill', status: 'active', name: 'Illness', description: 'Ill, and unable to attend; say how long', absenceType: 'Authorised', requiresDescription: true, requiresEvidence: false } },
    ]);
  });

  it('counts lines past quoted line breaks, CRLF and blank lines when a later row is wrong', async () => {
    const users = crlf([
      'sourcedId,enabledUser,username,givenName,familyName,metadata.cc.programme',
      'u1,true,u1,A,B,"one\ntwo\nthree"',
      '',
      'u2,maybe,u2,C,D,',
    ].join('\n'));
    const zipPath = await writeZip(temp.dir, [
      { name: 'manifest.csv', data: manifestCsv({ users: 'bulk' }) },
      { name: 'users.csv', data: Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(users)]) },
    ]);
    const { sink, rows } = collectingSink();
    const result = await readBundle(zipPath, sink);
    expect(rows.get('users')?.map((each) => [each.line, each.row.sourcedId, (each.row as { programme: string }).programme])).toEqual([
      [2, 'u1', 'one\ntwo\nthree'],
    ]);
    expect(result.errors).toEqual([{
      file: 'users.csv', line: 6, column: 'enabledUser', code: 'malformed_value', message: 'users.csv:6 enabledUser: "maybe" is not true or false',
    }]);
  });

  it('reads a bundle zipped as one folder, and ignores files the manifest calls absent', async () => {
    const zipPath = await writeZip(temp.dir, [
      { name: 'export/', data: '' },
      { name: 'export/manifest.csv', data: manifestCsv({ orgs: 'bulk', users: 'absent' }) },
      { name: 'export/orgs.csv', data: 'sourcedId,name,type\norg-comp,Computing,school\n' },
      { name: 'export/users.csv', data: 'not,even,checked\n' },
      { name: '__MACOSX/export/._orgs.csv', data: Buffer.from([0, 5, 22, 7, 0, 2]) },
    ]);
    const { sink, rows } = collectingSink();
    const result = await readBundle(zipPath, sink);
    expect(result.errors).toEqual([]);
    expect(result.manifest?.modes.users).toBe('absent');
    expect(result.manifest?.modes.events).toBe('absent');
    expect(result.manifest?.fileNames.orgs).toBe('orgs.csv');
    expect(rows.get('orgs')?.map((each) => each.row.sourcedId)).toEqual(['org-comp']);
    expect(rows.has('users')).toBe(false);
    expect(result.rowCounts.users).toBe(0);
  });

  it('reads a stored (uncompressed) entry and a header-only bulk file', async () => {
    const zipPath = await writeZip(temp.dir, [
      { name: 'manifest.csv', data: manifestCsv({ orgs: 'bulk', courses: 'bulk' }), compress: false },
      { name: 'orgs.csv', data: 'sourcedId,name,type\r\norg-comp,Computing,school', compress: false },
      { name: 'courses.csv', data: 'sourcedId,title,courseCode\n' },
    ]);
    const { sink, rows, batches } = collectingSink();
    const result = await readBundle(zipPath, sink);
    expect(result.errors).toEqual([]);
    expect(rows.get('orgs')?.map((each) => each.line)).toEqual([2]);
    expect(batches.some((batch) => batch.entity === 'courses')).toBe(false);
    expect(result.rowCounts.courses).toBe(0);
  });

  it('passes a failing sink\'s error on to the caller', async () => {
    const zipPath = await writeZip(temp.dir, [
      { name: 'manifest.csv', data: manifestCsv({ orgs: 'bulk' }) },
      { name: 'orgs.csv', data: 'sourcedId,name,type\no1,One,school\no2,Two,school\no3,Three,school\n' },
    ]);
    let calls = 0;
    const failing = async () => {
      calls += 1;
      throw new Error('the staging table is gone');
    };
    await expect(readBundle(zipPath, failing, { batchSize: 1 })).rejects.toThrow('the staging table is gone');
    expect(calls).toBe(1);
  });
});
