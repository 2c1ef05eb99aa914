import { describe, expect, it } from 'vitest';
import { attendanceRegistration } from '../../../../src/shared/constants.js';
import {
  eduroamMessage,
  refusalError,
  refusalReason,
  registrationWindow,
  type RegistrationFacts,
} from '../../../../src/server/features/attendance/registration.rules.js';

const START = new Date('2026-11-20T09:00:00Z');
const CLOSE = attendanceRegistration.closesMinutesAfterStart;
const at = (minutesFromStart: number): Date => new Date(START.getTime() + minutesFromStart * 60_000);
const open: RegistrationFacts = { startsAt: START, isEnrolled: true, isCancelled: false, isMonitored: true, isRegistered: false, requiresCheckInCode: false };

describe('refusalReason', () => {
  it('opens at registrationStart (10 minutes before) and closes 20 minutes after the start', () => {
    expect(refusalReason(open, at(-10.01), CLOSE, true)).toBe('WindowNotOpen');
    expect(refusalReason(open, at(-10), CLOSE, true)).toBeUndefined();
    expect(refusalReason(open, at(19.99), CLOSE, true)).toBeUndefined();
    expect(refusalReason(open, at(20), CLOSE, true)).toBe('WindowClosed');
    expect(refusalReason(open, at(44), 45, true)).toBeUndefined();
  });

  it('checks in a fixed order, the network last', () => {
    expect(refusalReason(undefined, at(0), CLOSE, false)).toBe('NotYourEvent');
    expect(refusalReason({ ...open, isEnrolled: false }, at(0), CLOSE, true)).toBe('NotYourEvent');
    expect(refusalReason({ ...open, isCancelled: true, isMonitored: false }, at(0), CLOSE, false)).toBe('Cancelled');
    expect(refusalReason({ ...open, isMonitored: false, isRegistered: true }, at(0), CLOSE, false)).toBe('NotMonitored');
    expect(refusalReason({ ...open, isRegistered: true }, at(60), CLOSE, false)).toBe('AlreadyRegistered');
    expect(refusalReason(open, at(60), CLOSE, false)).toBe('WindowClosed');
    expect(refusalReason(open, at(0), CLOSE, false)).toBe('NetworkConnection');
  });
});

describe('refusalError', () => {
  it('files the network failure under NetworkConnection with the SPEC message', () => {
    expect(refusalError('NetworkConnection', undefined)).toEqual({ field: 'NetworkConnection', message: eduroamMessage });
    expect(eduroamMessage).toBe('You do not appear to be connected to the eduroam network.');
  });

  it('gives the window times in London time', () => {
    const window = registrationWindow(START, CLOSE);
    expect(refusalError('WindowNotOpen', window).message).toBe('Registration for this class opens at 08:50.');
    expect(refusalError('WindowClosed', window)).toEqual({ field: 'registrationWindow', message: 'Registration for this class closed at 09:20.' });
  });
});
