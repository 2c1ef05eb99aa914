import { describe, expect, it } from 'vitest';
import { absenceStatusSchema } from '../../../../src/shared/contract/absences';
import { impactOf, startLabel, statusLabels, statusTones } from '../../../../src/app/features/absences/absenceView';
import { categories, config } from './fixtures';

describe('startLabel (SPEC §2: DD/MM/YY, plus the time when not midnight)', () => {
  it.each([
    ['2025-11-10T00:00:00+00:00', '10/11/25'],
    ['2025-06-03T09:30:00+01:00', '03/06/25 09:30'],
    ['2026-01-05T00:30:00+00:00', '05/01/26 00:30'],
    // The wall clock the student chose, whatever the offset: 00:00 BST is still midnight.
    ['2025-07-01T00:00:00+01:00', '01/07/25'],
  ])('%s → %s', (start, label) => {
    expect(startLabel(start)).toBe(label);
  });
});

describe('status badges (SPEC §4 colours)', () => {
  it('gives every status a tone and words', () => {
    expect(statusTones).toEqual({
      Pending: 'warning',
      AwaitingEvidence: 'warning',
      Approved: 'positive',
      Denied: 'negative',
      PendingCancellation: 'cancelled',
      Cancelled: 'cancelled',
    });
    for (const status of absenceStatusSchema.options) expect(statusLabels[status]).toMatch(/\w/);
  });
});

describe('impactOf (SPEC §2: arrow, cross, question mark)', () => {
  it('is informed, authorised or unknown by the category', () => {
    expect(impactOf(categories.observance.rowId, config.categories)).toEqual({
      kind: 'informed',
      shortLabel: 'Counts as missed',
      detail: 'Religious observance is an informed absence: the classes still count as missed',
    });
    expect(impactOf(categories.illness.rowId, config.categories)).toMatchObject({ kind: 'authorised', shortLabel: 'Authorised' });
    expect(impactOf(999, config.categories)).toEqual({ kind: 'unknown', shortLabel: 'Unknown', detail: 'The reason’s category is not known' });
    expect(impactOf(categories.illness.rowId, undefined).kind).toBe('unknown'); // configuration not loaded yet
  });
});
