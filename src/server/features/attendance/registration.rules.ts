import { attendanceRegistration } from '../../../shared/constants.js';
import { checkInCodeField } from '../../../shared/rules/checkInCode.js';
import { addMinutes } from '../../calendar/academicCalendar.js';
import { londonWallClock } from '../timetable/londonTime.js';

/**
 * Whether a registration at a class may go ahead: pure, no database. The checks run in a fixed
 * order and the first failure is the one reason given (and stored as evidence):
 *
 *   NotYourEvent → Cancelled → NotMonitored → AlreadyRegistered → WindowNotOpen / WindowClosed → NetworkConnection
 *
 * The network comes late on purpose: it is a thing a student can fix on the spot, so the eduroam
 * message appears only when joining eduroam would actually let them register. When the class's
 * module asks for a check-in code (issue 31 §5), the code is checked after all of these, by the
 * service (it needs the class's secret): CheckInCodeRequired → CheckInCodeAttempts →
 * CheckInCodeExpired / CheckInCodeWrong. So a student off campus with a code a friend sent them is
 * refused for the network, and a code is judged only when it alone stands in the way.
 */

export type RefusalReason =
  | 'NotYourEvent'
  | 'Cancelled'
  | 'NotMonitored'
  | 'AlreadyRegistered'
  | 'WindowNotOpen'
  | 'WindowClosed'
  | 'NetworkConnection'
  | CheckInCodeRefusal;

/** Why a check-in code was refused: none sent, too many wrong ones already, an old one, a wrong one. */
export type CheckInCodeRefusal = 'CheckInCodeRequired' | 'CheckInCodeAttempts' | 'CheckInCodeExpired' | 'CheckInCodeWrong';

/** The refusals that keep what the student typed, and count towards `checkInCode.maxWrongAttempts`. */
export const isWrongCheckInCode = (reason: RefusalReason): boolean => reason === 'CheckInCodeWrong' || reason === 'CheckInCodeExpired';

/** SPEC §8, word for word. */
export const eduroamMessage = 'You do not appear to be connected to the eduroam network.';

/** [opens, closes): opens at registrationStart, closes `closeMinutes` after the start. */
export interface RegistrationWindow {
  readonly opens: Date;
  readonly closes: Date;
}

export function registrationWindow(startsAt: Date, closeMinutes: number): RegistrationWindow {
  return {
    opens: addMinutes(startsAt, -attendanceRegistration.opensMinutesBeforeStart),
    closes: addMinutes(startsAt, closeMinutes),
  };
}

/** What the checks need to know of the class and the caller. */
export interface RegistrationFacts {
  readonly startsAt: Date;
  /** The caller is enrolled on the class's module in its academic year. */
  readonly isEnrolled: boolean;
  readonly isCancelled: boolean;
  readonly isMonitored: boolean;
  readonly isRegistered: boolean;
  /** The class's module asks for the check-in code its lecturer projects. */
  readonly requiresCheckInCode: boolean;
}

/** The reason to refuse, or undefined when the registration may be written. `facts` is undefined for an unknown class. */
export function refusalReason(
  facts: RegistrationFacts | undefined, now: Date, closeMinutes: number, isOnCampus: boolean,
): RefusalReason | undefined {
  if (!facts?.isEnrolled) return 'NotYourEvent';
  if (facts.isCancelled) return 'Cancelled';
  if (!facts.isMonitored) return 'NotMonitored';
  if (facts.isRegistered) return 'AlreadyRegistered';
  const window = registrationWindow(facts.startsAt, closeMinutes);
  if (now < window.opens) return 'WindowNotOpen';
  if (now >= window.closes) return 'WindowClosed';
  if (!isOnCampus) return 'NetworkConnection';
  return undefined;
}

const hhmm = (instant: Date): string => londonWallClock(instant).time.slice(0, 5);

/** The field the error is filed under and its message (window times in London time). */
export function refusalError(reason: RefusalReason, window: RegistrationWindow | undefined): { field: string; message: string } {
  switch (reason) {
    case 'NotYourEvent':
      return { field: 'timetableEntryRowId', message: 'This class is not on your timetable.' };
    case 'Cancelled':
      return { field: 'timetableEntryRowId', message: 'This class has been cancelled.' };
    case 'NotMonitored':
      return { field: 'timetableEntryRowId', message: 'Attendance is not registered at this class.' };
    case 'AlreadyRegistered':
      return { field: 'timetableEntryRowId', message: 'You have already registered your attendance at this class.' };
    case 'WindowNotOpen':
      return { field: 'registrationWindow', message: `Registration for this class opens at ${window ? hhmm(window.opens) : 'its registration start'}.` };
    case 'WindowClosed':
      return { field: 'registrationWindow', message: `Registration for this class closed at ${window ? hhmm(window.closes) : 'its registration end'}.` };
    case 'NetworkConnection':
      return { field: 'NetworkConnection', message: eduroamMessage };
    case 'CheckInCodeRequired':
      return { field: checkInCodeField, message: 'This class needs the check-in code your lecturer is showing. Enter it to register.' };
    case 'CheckInCodeAttempts':
      return { field: checkInCodeField, message: 'Too many wrong check-in codes for this class. Ask your lecturer to mark you present.' };
    case 'CheckInCodeExpired':
      return { field: checkInCodeField, message: 'That check-in code has expired. Enter the code your lecturer is showing now.' };
    case 'CheckInCodeWrong':
      return { field: checkInCodeField, message: 'That check-in code is not right. Check the code your lecturer is showing and try again.' };
  }
}
