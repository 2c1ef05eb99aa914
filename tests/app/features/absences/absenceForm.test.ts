import { describe, expect, it } from 'vitest';
import {
  callRangeOf,
  dateBounds,
  defaultFormValues,
  draftOf,
  errorLines,
  formFromRequest,
  ruleValues,
  toFormData,
  touchesRange,
  withFieldProblems,
  type AbsenceSubmission,
} from '../../../../src/app/features/absences/absenceForm';
import { validateAbsence } from '../../../../src/shared/rules/absences';
import { categories, config, makeFile, makeRequest } from './fixtures';

describe('formFromRequest', () => {
  it('reads a timed request as its London wall clock', () => {
    expect(formFromRequest(makeRequest({ absenceStart: '2025-06-10T09:30:00+01:00', absenceEnd: '2025-06-11T14:00:00+01:00' }))).toEqual({
      isAllDay: false,
      startDate: '2025-06-10',
      startTime: '09:30',
      endDate: '2025-06-11',
      endTime: '14:00',
      categoryRowId: 1,
      description: 'Migraine.',
    });
  });

  it('shows a midnight-to-midnight request as all-day ending one day earlier (SPEC §4), keeping the default times', () => {
    const values = formFromRequest(
      makeRequest({ absenceStart: '2025-11-10T00:00:00+00:00', absenceEnd: '2025-11-11T00:00:00+00:00', absenceDescription: null }),
    );
    expect(values).toEqual({ ...defaultFormValues, isAllDay: true, startDate: '2025-11-10', endDate: '2025-11-10', categoryRowId: 1 });
  });
});

describe('the range sent and checked', () => {
  it('turns all-day into midnight to the midnight after the last day', () => {
    const values = { ...defaultFormValues, isAllDay: true, startDate: '2025-12-31', endDate: '2025-12-31' };
    expect(callRangeOf(values)).toEqual({ start: '2025-12-31T00:00:00', end: '2026-01-01T00:00:00' });
    expect(ruleValues(values)).toEqual({ startDate: '2025-12-31', startTime: '00:00', endDate: '2026-01-01', endTime: '00:00' });
  });

  it('uses the times otherwise', () => {
    const values = { ...defaultFormValues, startDate: '2025-11-20', endDate: '2025-11-21' };
    expect(callRangeOf(values)).toEqual({ start: '2025-11-20T15:00:00', end: '2025-11-21T16:00:00' });
  });

  it.each([
    ['no start date', { startDate: null, endDate: '2025-11-21' }],
    ['no end date', { startDate: '2025-11-20', endDate: null }],
    ['an impossible date', { startDate: '2025-02-30', endDate: '2025-03-01' }],
    ['no start time', { startDate: '2025-11-20', endDate: '2025-11-21', startTime: '' }],
  ])('is undefined with %s', (_, changes) => {
    expect(callRangeOf({ ...defaultFormValues, ...changes })).toBeUndefined();
  });

  it('knows which changes move the range', () => {
    expect(touchesRange({ endTime: '17:00' })).toBe(true);
    expect(touchesRange({ isAllDay: false })).toBe(true);
    expect(touchesRange({ description: 'x', categoryRowId: 2 })).toBe(false);
  });
});

describe('dateBounds (SPEC §5 picker limits)', () => {
  it('on create: the start between the minimum and the chosen end, the end between the chosen start and the maximum', () => {
    expect(dateBounds(defaultFormValues, 'create', config.dateLimits)).toEqual({
      startMin: '2025-10-01',
      startMax: '2026-06-30',
      endMin: '2025-10-01',
      endMax: '2026-06-30',
    });
    const chosen = { ...defaultFormValues, startDate: '2025-11-03', endDate: '2025-11-07' };
    expect(dateBounds(chosen, 'create', config.dateLimits)).toEqual({
      startMin: '2025-10-01',
      startMax: '2025-11-07',
      endMin: '2025-11-03',
      endMax: '2026-06-30',
    });
  });

  it('all-day: offers as the last day off only days the rules accept (the request ends at the midnight after it)', () => {
    const allDay = { ...defaultFormValues, isAllDay: true };
    expect(dateBounds(allDay, 'create', config.dateLimits)).toMatchObject({ startMax: '2026-06-29', endMax: '2026-06-29' });
    const draftOn = (lastDay: string) => draftOf({ ...allDay, startDate: lastDay, endDate: lastDay, categoryRowId: categories.observance.rowId }, 0);
    const rules = { mode: 'create', category: categories.observance, limits: config.dateLimits } as const;
    expect(validateAbsence(draftOn('2026-06-29'), rules)).toEqual({});
    expect(validateAbsence(draftOn('2026-06-30'), rules)).toHaveProperty('dateRange');
  });

  it('on edit: the start is not held to the minimum, only the end to the maximum', () => {
    expect(dateBounds(defaultFormValues, 'edit', config.dateLimits)).toEqual({
      startMin: null,
      startMax: '2026-06-30',
      endMin: null,
      endMax: '2026-06-30',
    });
  });
});

describe('toFormData (SPEC §3 absence submission)', () => {
  const submission: AbsenceSubmission = {
    mode: 'edit',
    rowId: 42,
    studentId: 'S2400001',
    categoryRowId: 4,
    range: { start: '2025-11-20T00:00:00', end: '2025-11-21T00:00:00' },
    description: '  Diwali ',
    files: [makeFile('a.pdf'), new File([], 'empty.pdf', { type: 'application/pdf' }), makeFile('b.pdf')],
    filesToDelete: [7, 8],
  };

  it('sends every field, repeats files and deletions, and leaves out empty files', () => {
    const form = toFormData(submission);
    expect(form.get('RowId')).toBe('42');
    expect(form.get('StudentId')).toBe('S2400001');
    expect(form.get('AbsenceCategoryRowId')).toBe('4');
    expect(form.get('AbsenceStart')).toBe('2025-11-20T00:00:00');
    expect(form.get('AbsenceEnd')).toBe('2025-11-21T00:00:00');
    expect(form.get('AbsenceDescription')).toBe('Diwali');
    expect(form.getAll('SupportingFiles').map((file) => (file as File).name)).toEqual(['a.pdf', 'b.pdf']);
    expect(form.getAll('SupportingFilesToDelete')).toEqual(['7', '8']);
  });

  it('sends no RowId on create, and no description when there is none', () => {
    const form = toFormData({ ...submission, mode: 'create', rowId: undefined, description: ' ', filesToDelete: [] });
    expect(form.has('RowId')).toBe(false);
    expect(form.has('AbsenceDescription')).toBe(false);
    expect(form.has('SupportingFilesToDelete')).toBe(false);
  });

  it('sends an emptied description on edit, so the server clears it', () => {
    expect(toFormData({ ...submission, description: '' }).get('AbsenceDescription')).toBe('');
  });
});

describe('errorLines (the error box)', () => {
  it("writes each field as 'field: messages', in the order given", () => {
    expect(
      errorLines({
        startDate: ['Start date is required'],
        dateRange: ['End must be after start.', 'Dates must be within 01/10/2025 and 30/06/2026.'],
        network: ['Not sent.'],
        general: ['Something went wrong.'],
        Unexpected: ['Odd.'],
        empty: [],
      }),
    ).toEqual([
      'Start date: Start date is required',
      'Dates: End must be after start. Dates must be within 01/10/2025 and 30/06/2026.',
      'Not sent: Not sent.',
      'Something went wrong.',
      'Unexpected: Odd.',
    ]);
  });
});

describe('withFieldProblems', () => {
  it('puts a field’s own problem in place of what the form says of that field, and leaves the rest', () => {
    const errors = { startDate: ['Start date is required'], category: ['Please select an absence category'] };
    expect(withFieldProblems(errors, { startDate: 'Enter a real date as DD/MM/YYYY.', endDate: 'Choose a date from 25/10/2026 to 26/09/2027.' })).toEqual({
      startDate: ['Enter a real date as DD/MM/YYYY.'],
      category: ['Please select an absence category'],
    });
    expect(errors.startDate).toEqual(['Start date is required']);
  });

  it('changes nothing once the field has no problem', () => {
    expect(withFieldProblems({ endDate: ['End date is required'] }, { endDate: undefined })).toEqual({ endDate: ['End date is required'] });
  });
});
