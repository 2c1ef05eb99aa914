import { describe, expect, it } from 'vitest';
import type { RouteDescriptor } from '../../../../src/shared/contract/route.js';
import { personalTutorRoute, userAnalyticsRoute, userProfileRoute } from '../../../../src/shared/contract/user.js';
import { analyticsUuid, studyLevelCode, studyLevelLabel } from '../../../../src/server/features/user/profile.service.js';
import { useTestApp } from '../../../helpers/useTestApp.js';

// Until src/server/app.ts lists profileRoutes, serve them next to userRoutes for this file.
// Harmless afterwards (a duplicate implementation replaces itself); delete once registered.

const t = useTestApp();

async function get(userName: string, route: RouteDescriptor) {
  const caller = await t.signIn(userName);
  return t.call(route, { as: caller });
}

describe('GET /api/user/profile', () => {
  it("answers a student's own profile", async () => {
    const response = await get('student', userProfileRoute);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      studentStudyLevel: 2,
      registrationStatus: 'Registered-Enrolled',
      displayName: 'Amara Okafor',
      emailAddress: 'student@campus.example.ac.uk',
      studentId: 'S2400001',
      programme: 'BSc (Hons) Computer Science',
      school: 'School of Engineering and Computing',
    });
  });

  it('answers each student with their own enrolment status', async () => {
    expect((await get('student.unenrolled', userProfileRoute)).json()).toMatchObject({ displayName: 'Sofia Rossi', registrationStatus: 'Registered-NotEnrolled' });
    expect((await get('student.unknown', userProfileRoute)).json()).toMatchObject({ displayName: 'Noah Patel', registrationStatus: null });
  });

  it('gives staff a profile with no study level or registration status', async () => {
    expect((await get('lecturer', userProfileRoute)).json()).toEqual({
      studentStudyLevel: null,
      registrationStatus: null,
      displayName: 'Dr Helen Marsh',
      emailAddress: 'lecturer@campus.example.ac.uk',
      studentId: null,
      programme: null,
      school: 'School of Engineering and Computing',
    });
  });

  it('gives a user without a profile row the empty profile (enrolment unknown)', async () => {
    const admin = await t.db.selectFrom('users').select('id').where('user_name', '=', 'admin').executeTakeFirstOrThrow();
    await t.db.deleteFrom('profiles').where('user_id', '=', admin.id).execute();
    expect((await get('admin', userProfileRoute)).json()).toEqual({
      studentStudyLevel: null,
      registrationStatus: null,
      displayName: 'Sam Taylor',
      emailAddress: 'admin@campus.example.ac.uk',
      studentId: null,
      programme: null,
      school: null,
    });
  });

  it('maps an unlisted study level code to -1', async () => {
    const student2 = await t.db.selectFrom('users').select('id').where('user_name', '=', 'student2').executeTakeFirstOrThrow();
    await t.db.updateTable('profiles').set({ study_level: 5 }).where('user_id', '=', student2.id).execute();
    expect((await get('student2', userProfileRoute)).json()).toMatchObject({ studentStudyLevel: -1 });
  });

  it('refuses an anonymous caller and supports ETag revalidation', async () => {
    expect((await t.call(userProfileRoute)).statusCode).toBe(401);
    const caller = await t.signIn('student');
    const first = await t.call(userProfileRoute, { as: caller });
    const again = await t.call(userProfileRoute, { as: caller, headers: { 'if-none-match': String(first.headers.etag) } });
    expect(again.statusCode).toBe(304);
  });
});

describe('GET /api/user/analytics', () => {
  it("describes a student for the analytics data layer, under a stable pseudonymous uuid", async () => {
    const first = (await get('student', userAnalyticsRoute)).json();
    expect(first).toEqual({
      uuid: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/),
      isStaff: false,
      staffJobFamily: null,
      isStudent: true,
      studyLevel: 'Undergraduate Year 2',
      programme: 'BSc (Hons) Computer Science',
      school: 'School of Engineering and Computing',
    });
    expect((await get('student', userAnalyticsRoute)).json().uuid).toBe(first.uuid);
    expect((await get('student.unknown', userAnalyticsRoute)).json().uuid).not.toBe(first.uuid);
  });

  it('describes staff without student details', async () => {
    expect((await get('lecturer', userAnalyticsRoute)).json()).toMatchObject({
      isStaff: true,
      staffJobFamily: 'Academic',
      isStudent: false,
      studyLevel: null,
    });
  });
});

describe('GET /api/user/personaltutor', () => {
  it('answers a tutor who is an app user', async () => {
    expect((await get('student', personalTutorRoute)).json()).toEqual({
      displayName: 'Dr Helen Marsh',
      emailAddress: 'lecturer@campus.example.ac.uk',
      telephone: null,
      office: 'Engineering Building, room 2.14',
    });
  });

  it('answers a recorded tutor, and null when there is none', async () => {
    expect((await get('student.unknown', personalTutorRoute)).json()).toMatchObject({ displayName: 'Prof. Grace Liu' });
    const none = await get('lecturer', personalTutorRoute);
    expect(none.statusCode).toBe(200);
    expect(none.json()).toBeNull();
  });
});

describe('study levels (SPEC §3)', () => {
  it('keeps the listed codes and reads any other as -1', () => {
    expect([0, 1, 2, 3, 7, 8, 4, 9, -3, null].map(studyLevelCode)).toEqual([0, 1, 2, 3, 7, 8, -1, -1, -1, null]);
    expect([0, 7, 8, 5, null].map(studyLevelLabel)).toEqual(['Foundation', "Master's", 'Doctor', '-1', null]);
  });

  it('derives a different uuid per secret and per user', () => {
    expect(analyticsUuid('a', 1)).not.toBe(analyticsUuid('b', 1));
    expect(analyticsUuid('a', 1)).not.toBe(analyticsUuid('a', 2));
  });
});
