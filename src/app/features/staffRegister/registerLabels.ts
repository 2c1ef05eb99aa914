import type { AttendanceStatus } from '../../../shared/contract/attendance';
import type { ClassRegister, RegisterStudent } from '../../../shared/contract/staffRegister';

/** 'HH:mm' of a London wall-clock ISO time, read as it is (no time-zone arithmetic, as the absences do). */
export const wallTime = (iso: string): string => iso.slice(11, 16);
/** 'DD/MM/YYYY' of a London wall-clock ISO time. */
export const wallDate = (iso: string): string => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

const resultLabels: Record<AttendanceStatus, string> = {
  Attended: 'Attended',
  AttendedAssumed: 'Attended (not monitored)',
  Absent: 'Absent',
  AbsentAuthorised: 'Authorised absence',
  AbsentInformed: 'Informed absence',
  Cancelled: 'Cancelled',
};

/** What the register shows for a student: their state while open, and the final result once closed. */
export function studentStatus(student: RegisterStudent, isClosed: boolean): string {
  if (isClosed && student.result) return resultLabels[student.result];
  switch (student.state) {
    case 'Registered':
      return `Registered at ${wallTime(student.registeredAt ?? '')}`;
    case 'MarkedPresent':
      return `Marked present at ${wallTime(student.registeredAt ?? '')}`;
    case 'AbsenceCovering':
      return student.absenceType === 'Authorised' ? 'Absence covering (authorised)' : 'Absence covering (informed)';
    default:
      return 'Not yet';
  }
}

export type RegisterPhase = 'cancelled' | 'notOpen' | 'open' | 'closing' | 'closed';

/** Where the register is at `nowMs`: 'closing' is past its closing time, waiting for the job. */
export function registerPhase(register: ClassRegister, nowMs: number): RegisterPhase {
  if (register.isCancelled) return 'cancelled';
  if (register.closedAt) return 'closed';
  if (nowMs < Date.parse(register.registrationOpens)) return 'notOpen';
  return nowMs < Date.parse(register.registrationCloses) ? 'open' : 'closing';
}

/** A student can be marked present from registration opening until the override limit, unless already present. */
export function canMarkPresent(register: ClassRegister, student: RegisterStudent, nowMs: number): boolean {
  if (register.isCancelled) return false;
  if (nowMs < Date.parse(register.registrationOpens) || nowMs > Date.parse(register.overrideUntil)) return false;
  return student.state !== 'Registered' && student.state !== 'MarkedPresent';
}

/** '12 of 30 registered' (marked present included). */
export function presentSummary(register: ClassRegister): string {
  const present = register.students.filter((s) => s.state === 'Registered' || s.state === 'MarkedPresent').length;
  return `${present} of ${register.students.length} registered`;
}

/** The students "Close register now" would record absent: those not registered and with no absence covering the class. */
export const notYetRegistered = (register: ClassRegister): number => register.students.filter((s) => s.state === 'NotYet').length;

/** The question "Close register now" asks, with the real count. */
export function closeQuestion(register: ClassRegister): string {
  const count = notYetRegistered(register);
  if (count === 0) return 'Close the register? Every student has registered or has an absence covering the class.';
  return `Close the register? ${count} ${count === 1 ? 'student' : 'students'} not yet registered will be recorded absent.`;
}

/** "Close register now" is offered once the class has started, to a lecturer it lists, while the register is open. */
export function canCloseNow(register: ClassRegister, nowMs: number): boolean {
  return register.canChange && !register.isCancelled && register.closedAt === null && nowMs >= Date.parse(register.startTime);
}
