import { afterEach, describe, expect, it } from 'vitest';
import { setActiveUser } from '../../../../src/app/db/activeUser';
import { activeUserDatabase, closeUserDatabase } from '../../../../src/app/db/userDatabase';
import {
  deleteAbsenceDraft,
  draftKeyOf,
  loadAbsenceDraft,
  saveAbsenceDraft,
} from '../../../../src/app/features/absences/absenceDrafts';
import { defaultFormValues } from '../../../../src/app/features/absences/absenceForm';
import { makeUser } from '../../sync/support/fixtures';
import { makeFile } from './fixtures';

afterEach(() => {
  closeUserDatabase();
  setActiveUser(null);
});

const values = { ...defaultFormValues, isAllDay: true, startDate: '2025-11-20', endDate: '2025-11-21', categoryRowId: 4, description: 'Diwali' };

describe('absence drafts in the user’s database', () => {
  it('keeps the form and its files, names and types included, until deleted', async () => {
    setActiveUser(makeUser());
    const key = draftKeyOf(undefined);
    const file = makeFile('letter.pdf', '%PDF-1.4 the letter');
    const savedAt = await saveAbsenceDraft(key, { values, pendingFiles: [file], filesToDelete: [], basedOn: null });

    closeUserDatabase(); // as after a reload
    const draft = await loadAbsenceDraft(key, null);
    expect(draft).toMatchObject({ values, filesToDelete: [], basedOn: null, savedAt });
    const [restored] = draft?.pendingFiles ?? [];
    expect(restored?.name).toBe('letter.pdf');
    expect(restored?.type).toBe('application/pdf');
    expect(await restored?.text()).toBe('%PDF-1.4 the letter');

    await deleteAbsenceDraft(key);
    expect(await loadAbsenceDraft(key, null)).toBeUndefined();
  });

  it('keeps the Idempotency-Key of the submit that could not be confirmed', async () => {
    setActiveUser(makeUser());
    await saveAbsenceDraft('absence:new', { values, pendingFiles: [], filesToDelete: [], basedOn: null, submitKey: 'submit-1' });
    closeUserDatabase();
    expect(await loadAbsenceDraft('absence:new', null)).toMatchObject({ submitKey: 'submit-1' });
  });

  it('drops an edit draft written against an older version of the request', async () => {
    setActiveUser(makeUser());
    const key = draftKeyOf({ rowId: 42 });
    expect(key).toBe('absence:42');
    await saveAbsenceDraft(key, { values, pendingFiles: [], filesToDelete: [7], basedOn: '2025-11-09T12:00:00+00:00' });
    expect(await loadAbsenceDraft(key, '2025-11-10T08:00:00+00:00')).toBeUndefined();
    expect(await activeUserDatabase()?.drafts.get(key)).toBeUndefined();
  });

  it('is per user: another user on the device does not see it', async () => {
    setActiveUser(makeUser());
    await saveAbsenceDraft('absence:new', { values, pendingFiles: [], filesToDelete: [], basedOn: null });
    setActiveUser(makeUser());
    expect(await loadAbsenceDraft('absence:new', null)).toBeUndefined();
  });

  it('refuses to save with nobody signed in', async () => {
    await expect(saveAbsenceDraft('absence:new', { values, pendingFiles: [], filesToDelete: [], basedOn: null })).rejects.toThrow(
      'Nobody is signed in',
    );
  });
});
