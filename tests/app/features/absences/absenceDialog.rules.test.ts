import { describe, expect, it } from 'vitest';
import type { AbsenceStatus } from '../../../../src/shared/contract/absences';
import { enrolmentMessages, readOnlyNotice } from '../../../../src/shared/rules/absences';
import {
  errorsAfterChange,
  isFormReadOnly,
  isWithdrawAllowed,
  openOverlapsOf,
  readOnlyNoticeOf,
  type DialogFacts,
} from '../../../../src/app/features/absences/absenceDialog.rules';
import { defaultFormValues } from '../../../../src/app/features/absences/absenceForm';
import { config, makeRequest } from './fixtures';

const now = new Date('2025-11-01T12:00:00Z').getTime();
const day = 24 * 60 * 60 * 1000;
const iso = (ms: number) => new Date(ms).toISOString();

function facts(overrides: Partial<DialogFacts> & { status?: AbsenceStatus; start?: number; end?: number } = {}): DialogFacts {
  const { status = 'Pending', start = now + 2 * day, end = now + 3 * day, ...rest } = overrides;
  return {
    mode: 'edit',
    request: makeRequest({ absenceStatus: status, absenceStart: iso(start), absenceEnd: iso(end) }),
    config,
    hostMessage: undefined,
    registrationStatus: 'Registered-Enrolled',
    values: defaultFormValues,
    pendingFiles: [],
    filesToDelete: [],
    now: () => now,
    ownRequests: [],
    ...rest,
  };
}

describe('the edit and withdraw rules (SPEC §4), fully enrolled', () => {
  // status, started/ended, editable, withdraw offered
  it.each([
    ['Pending', 'future', true, true],
    ['AwaitingEvidence', 'past', true, true],
    ['Approved', 'future', false, true],
    ['Approved', 'ongoing, started 40 days ago', false, true],
    ['Approved', 'ended, started 20 days ago', false, true],
    ['Approved', 'ended, started 31 days ago', false, false],
    ['Denied', 'future', false, false],
    ['PendingCancellation', 'future', false, false],
    ['Cancelled', 'future', false, false],
  ] as const)('%s (%s): editable %s, withdraw %s', (status, when, isEditable, canWithdraw) => {
    const spans: Record<string, [number, number]> = {
      future: [now + 2 * day, now + 3 * day],
      past: [now - 3 * day, now - 2 * day],
      'ongoing, started 40 days ago': [now - 40 * day, now + day],
      'ended, started 20 days ago': [now - 20 * day, now - 19 * day],
      'ended, started 31 days ago': [now - 31 * day, now - 30 * day],
    };
    const [start, end] = spans[when] ?? [0, 0];
    const subject = facts({ status, start, end });
    expect(isFormReadOnly(subject)).toBe(!isEditable);
    expect(isWithdrawAllowed(subject)).toBe(canWithdraw);
    expect(readOnlyNoticeOf(subject)).toBe(isEditable ? undefined : readOnlyNotice);
  });
});

describe('read-only messages', () => {
  it.each([
    ['not fully enrolled', 'Registered-NotEnrolled', enrolmentMessages.notFullyEnrolled],
    ['of unknown enrolment', null, enrolmentMessages.unknown],
    ['without a profile', undefined, enrolmentMessages.unknown],
  ])('a student %s gets a read-only form with the message appended, and no withdraw', (_, registrationStatus, message) => {
    const subject = facts({ registrationStatus });
    expect(isFormReadOnly(subject)).toBe(true);
    expect(isWithdrawAllowed(subject)).toBe(false);
    expect(readOnlyNoticeOf(subject)).toBe(`${readOnlyNotice} ${message}`);
  });

  it('appends a host-supplied message to the default notice', () => {
    const subject = facts({ hostMessage: 'Absences are closed for the exam period.' });
    expect(readOnlyNoticeOf(subject)).toBe(`${readOnlyNotice} Absences are closed for the exam period.`);
    expect(isWithdrawAllowed(subject)).toBe(false);
  });

  it('leaves a new request editable for a fully enrolled student', () => {
    const subject = facts({ mode: 'create', request: undefined });
    expect(isFormReadOnly(subject)).toBe(false);
    expect(isWithdrawAllowed(subject)).toBe(false);
  });
});

describe('errorsAfterChange', () => {
  const errors = {
    startDate: ['Start date is required'],
    endTime: ['End time is required'],
    dateRange: ['End must be after start.'],
    absenceCategoryRowId: ['Please select an absence category'],
    supportingFiles: ['Your chosen absence reason requires supporting evidence'],
    network: ['Not sent.'],
  };

  it('drops the errors of the fields changed and the date range they affect, and keeps the rest', () => {
    expect(errorsAfterChange(errors, ['startDate'])).toEqual({
      endTime: errors.endTime,
      absenceCategoryRowId: errors.absenceCategoryRowId,
      supportingFiles: errors.supportingFiles,
      network: errors.network,
    });
    expect(errorsAfterChange(errors, ['categoryRowId'])).toEqual({
      startDate: errors.startDate,
      endTime: errors.endTime,
      dateRange: errors.dateRange,
      network: errors.network,
    });
  });
});

describe('openOverlapsOf', () => {
  // The edited request (42) is 10 November 09:00 to 17:00 (fixtures.ts).
  const other = makeRequest({ rowId: 43, absenceStart: '2025-11-10T16:00:00+00:00', absenceEnd: '2025-11-11T10:00:00+00:00' });
  const values = { ...defaultFormValues, startDate: '2025-11-10', startTime: '09:00', endDate: '2025-11-10', endTime: '17:00' };

  it('gives the open requests the range overlaps, leaving out the one being edited', () => {
    const edited = makeRequest();
    expect(openOverlapsOf(facts({ request: edited, values, ownRequests: [edited, other] }))).toEqual([{ request: other, isExact: false }]);
    expect(openOverlapsOf(facts({ mode: 'create', request: undefined, values, ownRequests: [edited, other] }))).toEqual([
      { request: edited, isExact: true },
      { request: other, isExact: false },
    ]);
  });

  it('reads an all-day range from midnight to the midnight after its last day', () => {
    const allDay = { ...defaultFormValues, isAllDay: true, startDate: '2025-11-11', endDate: '2025-11-11' };
    expect(openOverlapsOf(facts({ mode: 'create', request: undefined, values: allDay, ownRequests: [makeRequest(), other] }))).toEqual([
      { request: other, isExact: false },
    ]);
  });

  it('gives none while the range is incomplete or the form is read-only', () => {
    const create = { mode: 'create' as const, request: undefined, ownRequests: [other] };
    expect(openOverlapsOf(facts({ ...create, values: { ...values, endDate: null } }))).toEqual([]);
    expect(openOverlapsOf(facts({ ...create, values: { ...values, endTime: '' } }))).toEqual([]);
    expect(openOverlapsOf(facts({ ...create, values, registrationStatus: 'Registered-Provisional' }))).toEqual([]);
    expect(openOverlapsOf(facts({ status: 'Approved', values, ownRequests: [other] }))).toEqual([]);
  });
});
