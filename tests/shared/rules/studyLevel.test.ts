import { describe, expect, it } from 'vitest';
import { describeStudyLevel, studyLevelCodeOf } from '../../../src/shared/rules/studyLevel';
import { explainRegistrationStatus } from '../../../src/shared/rules/registrationStatus';

describe('study level codes (SPEC §3)', () => {
  it('keeps 0, 1, 2, 3, 7 and 8 and reads every other code as -1', () => {
    expect([0, 1, 2, 3, 7, 8].map(studyLevelCodeOf)).toEqual([0, 1, 2, 3, 7, 8]);
    expect([4, 5, 6, 9, -1, -7, 100, 2.5].map(studyLevelCodeOf)).toEqual([-1, -1, -1, -1, -1, -1, -1, -1]);
    expect(studyLevelCodeOf(null)).toBeNull();
  });

  it('names each level, and says plainly when a level is not recorded', () => {
    expect([0, 1, 2, 3, 7, 8].map(describeStudyLevel)).toEqual([
      'Foundation',
      'Undergraduate Year 1',
      'Undergraduate Year 2',
      'Undergraduate Year 3',
      "Master's",
      'Doctor',
    ]);
    expect(describeStudyLevel(5)).toBe('Not recorded (code -1)');
    expect(describeStudyLevel(null)).toBeNull();
  });
});

describe('registration status in plain words', () => {
  it("reads 'Registered-Enrolled' as fully enrolled, anything else as not, and none as unknown", () => {
    expect(explainRegistrationStatus('Registered-Enrolled')).toMatchObject({ state: 'enrolled', summary: 'You are fully enrolled.' });
    const not = explainRegistrationStatus('Registered-NotEnrolled');
    expect(not).toMatchObject({ state: 'notEnrolled', summary: 'You are not fully enrolled.' });
    expect(not.detail).toContain('Registered-NotEnrolled');
    expect(not.detail).toContain('Student Registry');
    expect(explainRegistrationStatus(null)).toMatchObject({ state: 'unknown', summary: 'We are unable to determine your enrolment status.' });
  });
});
