import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setActiveUser } from '../../../src/app/db/activeUser';
import { activeUserDatabase, closeUserDatabase } from '../../../src/app/db/userDatabase';
import { deleteViewAsData } from '../../../src/app/db/viewAsData';
import { registerViewAsPort } from '../../../src/app/features/viewAs/registerViewAsPort';
import { enqueueMutation } from '../../../src/app/sync/outbox';
import { onWriteRefused, refusalNotice, type WriteRefusal } from '../../../src/app/sync/writeRefusals';
import { makeUser, putValueMutation } from './support/fixtures';

const refusalMessage = 'Read only: you are viewing as Amara Okafor. Stop viewing to make changes.';
let refusals: WriteRefusal[];
let stopListening: () => void;
let sent: { url: string; method: string }[];
let unregisterViewAs: () => void;

beforeEach(() => {
  // As main.tsx does at app start: the core asks the view-as feature through its port.
  unregisterViewAs = registerViewAsPort();
  setActiveUser(makeUser({ viewAs: { adminUserName: 'admin', adminDisplayName: 'Sam Taylor', expiresAt: '2099-01-01T00:00:00.000Z' } }));
  sent = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    sent.push({ url: String(input), method: init?.method ?? 'GET' });
    return new Response(JSON.stringify({ message: refusalMessage, errors: { viewAs: ['Nothing can be changed while viewing as another user.'] }, code: 'viewAsReadOnly' }), {
      status: 403,
      statusText: 'Forbidden',
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('document', { cookie: '' });
  refusals = [];
  stopListening = onWriteRefused((refusal) => refusals.push(refusal));
});

afterEach(async () => {
  unregisterViewAs();
  stopListening();
  vi.unstubAllGlobals();
  closeUserDatabase();
  setActiveUser(null);
  await deleteViewAsData();
});

describe('writes while viewing as someone (issue 17)', () => {
  it('are sent once and never queued or applied; the 403 is final and told in the server’s words', async () => {
    const result = await enqueueMutation(putValueMutation, { name: 'a', value: 7 });
    expect(result).toBeUndefined();
    expect(sent).toHaveLength(1);
    expect(sent[0]?.method).toBe('PUT');

    const db = activeUserDatabase();
    expect(await db?.outbox.count()).toBe(0);
    expect(await db?.resources.count()).toBe(0);

    expect(refusals).toHaveLength(1);
    expect(refusals[0]?.status).toBe(403);
    expect(refusals[0] && refusalNotice(refusals[0])).toBe(refusalMessage);
  });
});

describe('the view-as port (issue 33 §4)', () => {
  it('is asked, not imported: without the feature registered, the core sees no view', async () => {
    unregisterViewAs();
    const { isViewingAs } = await import('../../../src/app/sync/viewAsPort');
    expect(isViewingAs()).toBe(false);
    unregisterViewAs = registerViewAsPort();
    expect(isViewingAs()).toBe(true);
  });
});
