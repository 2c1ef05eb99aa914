import { describe, expect, it } from 'vitest';
import { userAnalyticsRoute } from '../../../../src/shared/contract/user.js';
import { useTestApp, type UsedTestApp } from '../../../helpers/useTestApp.js';

// Security item 7: the user analytics data goes to a third-party provider once the user consents,
// so it carries isStudentVisaHolder (close to special category data) only when the operator opts
// in with ANALYTICS_SEND_VISA_STATUS.

/** Makes student2 a visa holder and student and the lecturer not, whatever the demo seed drew. */
async function setVisaHolders(t: UsedTestApp): Promise<void> {
  for (const [userName, isHolder] of [['student2', true], ['student', false], ['lecturer', false]] as const) {
    const user = await t.db.selectFrom('users').select('id').where('user_name', '=', userName).executeTakeFirstOrThrow();
    await t.db.updateTable('profiles').set({ is_student_visa_holder: isHolder }).where('user_id', '=', user.id).execute();
  }
}

async function analyticsOf(t: UsedTestApp, userName: string): Promise<Record<string, unknown>> {
  const response = await t.call(userAnalyticsRoute, { as: await t.signIn(userName) });
  expect(response.statusCode).toBe(200);
  return response.json();
}

describe('GET /api/user/analytics with ANALYTICS_SEND_VISA_STATUS unset', () => {
  const t = useTestApp();

  it("leaves the visa status out, a visa holder's included", async () => {
    await setVisaHolders(t);
    for (const userName of ['student2', 'student', 'lecturer']) {
      const data = await analyticsOf(t, userName);
      expect(data, userName).not.toHaveProperty('isStudentVisaHolder');
      // The rest of the data is still there.
      expect(data, userName).toHaveProperty('uuid');
    }
    expect(await analyticsOf(t, 'student2')).toMatchObject({ isStudent: true, studyLevel: expect.any(String) });
  });
});

describe('GET /api/user/analytics with ANALYTICS_SEND_VISA_STATUS=1', () => {
  const t = useTestApp({ env: { ANALYTICS_SEND_VISA_STATUS: '1' } });

  it('gives the visa status: true for a visa holder, false for another student and for staff', async () => {
    await setVisaHolders(t);
    expect(await analyticsOf(t, 'student2')).toMatchObject({ isStudent: true, isStudentVisaHolder: true });
    expect(await analyticsOf(t, 'student')).toMatchObject({ isStudent: true, isStudentVisaHolder: false });
    expect(await analyticsOf(t, 'lecturer')).toMatchObject({ isStudent: false, isStudentVisaHolder: false });
  });
});
