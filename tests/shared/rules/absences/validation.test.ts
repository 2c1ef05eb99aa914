import { describe, expect, it } from 'vitest';
import {
  allDayLastDay, allDayRange, validateAbsence, type AbsenceDraft, type AbsenceRuleContext,
} from '../../../../src/shared/rules/absences';

const plain = { requiresDescription: false, requiresEvidence: false };
const limits = { minimum: '2025-09-29T00:00:00+01:00', maximum: '2026-09-27T00:00:00+01:00' };
const create: AbsenceRuleContext = { mode: 'create', category: plain, limits };
const edit: AbsenceRuleContext = { ...create, mode: 'edit' };
const valid: AbsenceDraft = {
  startDate: '2025-11-03', startTime: '15:00', endDate: '2025-11-03', endTime: '16:00',
  categoryRowId: 1, description: '', evidenceCount: 0,
};

describe('validateAbsence: every SPEC §5 message verbatim', () => {
  it('accepts a valid draft', () => {
    expect(validateAbsence(valid, create)).toEqual({});
  });

  it.each<[string, Partial<AbsenceDraft>, AbsenceRuleContext, Record<string, string[]>]>([
    ['start date required', { startDate: '' }, create, { startDate: ['Start date is required'] }],
    ['an invalid date counts as empty', { startDate: '2025-02-30' }, create, { startDate: ['Start date is required'] }],
    ['end date required', { endDate: null }, create, { endDate: ['End date is required'] }],
    ['start time required', { startTime: '' }, create, { startTime: ['Start time is required'] }],
    ['end time required', { endTime: undefined }, create, { endTime: ['End time is required'] }],
    ['category required', { categoryRowId: null }, { ...create, category: undefined }, { absenceCategoryRowId: ['Please select an absence category'] }],
    ['an unknown category', { categoryRowId: 99 }, { ...create, category: undefined }, { absenceCategoryRowId: ['Please select an absence category'] }],
    ['description required', { description: '   ' }, { ...create, category: { requiresDescription: true, requiresEvidence: false } },
      { absenceDescription: ['Your chosen absence reason requires additional information'] }],
    ['description too long', { description: 'x'.repeat(256) }, create, { absenceDescription: ['The description must be at most 255 characters.'] }],
    ['evidence required', { evidenceCount: 0 }, { ...create, category: { requiresDescription: false, requiresEvidence: true } },
      { supportingFiles: ['Your chosen absence reason requires supporting evidence'] }],
    ['end after start (equal)', { endTime: '15:00' }, create, { dateRange: ['End must be after start.'] }],
    ['end after start (earlier day)', { endDate: '2025-11-02' }, create, { dateRange: ['End must be after start.'] }],
    ['create: start before the minimum', { startDate: '2025-09-28' }, create, { dateRange: ['Dates must be within 29/09/2025 and 27/09/2026.'] }],
    ['create: end on the day after the maximum', { startDate: '2026-09-27', endDate: '2026-09-28', endTime: '00:00' }, create,
      { dateRange: ['Dates must be within 29/09/2025 and 27/09/2026.'] }],
    ['edit: end beyond the maximum', { endDate: '2026-09-28' }, edit, { dateRange: ['The end date cannot be beyond 27/09/2026.'] }],
  ])('%s', (_name, change, context, expected) => {
    expect(validateAbsence({ ...valid, ...change }, context)).toEqual(expected);
  });

  it('accepts the limits themselves: start on the minimum, end late on the maximum', () => {
    expect(validateAbsence({ ...valid, startDate: '2025-09-29', endDate: '2026-09-27', endTime: '23:59' }, create)).toEqual({});
  });

  it('lets an edit keep a start before the minimum', () => {
    expect(validateAbsence({ ...valid, startDate: '2025-09-01', endDate: '2025-09-02' }, edit)).toEqual({});
  });

  it('counts existing evidence', () => {
    expect(validateAbsence({ ...valid, evidenceCount: 1 }, { ...create, category: { requiresDescription: true, requiresEvidence: true } }))
      .toEqual({ absenceDescription: ['Your chosen absence reason requires additional information'] });
  });
});

describe('all-day', () => {
  it('runs from midnight to midnight of the day after the last day', () => {
    expect(allDayRange('2025-11-03', '2025-11-04')).toEqual({ start: '2025-11-03T00:00:00', end: '2025-11-05T00:00:00' });
  });
  it('shows an all-day absence with the end one day earlier', () => {
    expect(allDayLastDay('2025-11-03T00:00:00', '2025-11-05T00:00:00')).toBe('2025-11-04');
    expect(allDayLastDay('2025-11-03T09:00:00', '2025-11-05T00:00:00')).toBeUndefined();
  });
});
