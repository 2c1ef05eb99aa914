import { describe, expect, it } from 'vitest';
import type { ClassRegister, RegisterStudent } from '../../../../src/shared/contract/staffRegister';
import { canCloseNow, canMarkPresent, closeQuestion, presentSummary, registerPhase, studentStatus } from '../../../../src/app/features/staffRegister/registerLabels';

const student = (over: Partial<RegisterStudent> = {}): RegisterStudent => ({
  userId: 1, displayName: 'Amara Okafor', studentId: 'S1', state: 'NotYet', registeredAt: null, absenceType: null, result: null, ...over,
});

const register = (over: Partial<ClassRegister> = {}): ClassRegister => ({
  rowId: 9, moduleCode: 'CS2041', moduleName: 'Data Structures', eventType: 'Lab',
  startTime: '2026-11-23T10:00:00+00:00', duration: 60, roomId: 'ENG-2.03', roomName: 'Software Lab', isCancelled: false, isMonitored: true,
  registrationOpens: '2026-11-23T09:50:00+00:00', registrationCloses: '2026-11-23T10:20:00+00:00', closedAt: null,
  overrideUntil: '2026-11-30T11:00:00+00:00', students: [student(), student({ userId: 2, state: 'Registered', registeredAt: '2026-11-23T10:03:00+00:00' })],
  canChange: true, history: [], requiresCheckInCode: false,
  ...over,
});
const at = (iso: string) => Date.parse(iso);

describe('register labels', () => {
  it('shows the state while open and the result once closed', () => {
    expect(studentStatus(student({ state: 'Registered', registeredAt: '2026-11-23T10:03:41+00:00' }), false)).toBe('Registered at 10:03');
    expect(studentStatus(student({ state: 'MarkedPresent', registeredAt: '2026-11-23T10:30:00+00:00' }), false)).toBe('Marked present at 10:30');
    expect(studentStatus(student({ state: 'AbsenceCovering', absenceType: 'Authorised' }), false)).toBe('Absence covering (authorised)');
    expect(studentStatus(student(), false)).toBe('Not yet');
    expect(studentStatus(student({ result: 'Absent' }), true)).toBe('Absent');
    expect(studentStatus(student({ result: 'AbsentInformed', state: 'AbsenceCovering', absenceType: 'Informed' }), true)).toBe('Informed absence');
  });

  it('follows the register through its phases', () => {
    expect(registerPhase(register(), at('2026-11-23T09:40:00Z'))).toBe('notOpen');
    expect(registerPhase(register(), at('2026-11-23T10:05:00Z'))).toBe('open');
    expect(registerPhase(register(), at('2026-11-23T10:25:00Z'))).toBe('closing');
    expect(registerPhase(register({ closedAt: '2026-11-23T10:21:00+00:00' }), at('2026-11-23T10:25:00Z'))).toBe('closed');
    expect(registerPhase(register({ isCancelled: true }), at('2026-11-23T10:05:00Z'))).toBe('cancelled');
  });

  it('offers Mark present from opening until the override limit, to students not yet present', () => {
    expect(canMarkPresent(register(), student(), at('2026-11-23T10:05:00Z'))).toBe(true);
    expect(canMarkPresent(register(), student(), at('2026-11-23T09:40:00Z'))).toBe(false);
    expect(canMarkPresent(register(), student(), at('2026-11-30T11:00:01Z'))).toBe(false);
    expect(canMarkPresent(register(), student({ state: 'Registered' }), at('2026-11-23T10:05:00Z'))).toBe(false);
    expect(canMarkPresent(register({ isCancelled: true }), student(), at('2026-11-23T10:05:00Z'))).toBe(false);
    expect(presentSummary(register())).toBe('1 of 2 registered');
  });

  it('asks before closing with the real count of students to be recorded absent', () => {
    const many = register({ students: [student(), ...Array.from({ length: 19 }, (_, i) => student({ userId: 10 + i })), student({ userId: 3, state: 'Registered' })] });
    expect(closeQuestion(many)).toBe('Close the register? 20 students not yet registered will be recorded absent.');
    expect(closeQuestion(register())).toBe('Close the register? 1 student not yet registered will be recorded absent.');
    // An Approved absence covers a student: they are not recorded absent.
    const covered = register({ students: [student({ state: 'AbsenceCovering', absenceType: 'Informed' }), student({ userId: 2, state: 'Registered' })] });
    expect(closeQuestion(covered)).toBe('Close the register? Every student has registered or has an absence covering the class.');
  });

  it('offers closing only once the class has started, to a lecturer the class lists, while open', () => {
    expect(canCloseNow(register(), at('2026-11-23T09:55:00Z'))).toBe(false);
    expect(canCloseNow(register(), at('2026-11-23T10:00:00Z'))).toBe(true);
    expect(canCloseNow(register({ canChange: false }), at('2026-11-23T10:05:00Z'))).toBe(false);
    expect(canCloseNow(register({ closedAt: '2026-11-23T10:21:00+00:00' }), at('2026-11-23T10:25:00Z'))).toBe(false);
    expect(canCloseNow(register({ isCancelled: true }), at('2026-11-23T10:05:00Z'))).toBe(false);
  });
});
