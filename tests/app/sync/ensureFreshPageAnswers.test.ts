// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setActiveUser } from '../../../src/app/db/activeUser';
import { activeUserDatabase, closeUserDatabase } from '../../../src/app/db/userDatabase';
import { dropPageAnswers } from '../../../src/app/api/pageAnswers';
import { ensureFresh } from '../../../src/app/sync/ensureFresh';
import { makeUser, setResource } from './support/fixtures';
import { ModelServer } from './support/modelServer';

let server: ModelServer;
let userId: string;

/** The page carries the set as the server answered it when it made the page. */
function carrySet(items: readonly number[]): void {
  const element = document.createElement('script');
  element.type = 'application/json';
  element.setAttribute('data-page-answer', '/api/test/set');
  element.setAttribute('data-headers', JSON.stringify({ 'content-type': 'application/json', etag: 'W/"page"', 'x-session-user': userId }));
  element.textContent = JSON.stringify(items);
  document.body.append(element);
}

const carried = () => document.querySelectorAll('script[data-page-answer]').length;
const gets = () => server.requests.filter((request) => request.method === 'GET');
const stored = async () => (await activeUserDatabase()?.resources.get(setResource.key))?.value;

beforeEach(() => {
  const user = makeUser();
  userId = user.userId;
  setActiveUser(user);
  server = new ModelServer(user.userId);
  for (const item of [1, 2, 3]) server.set.add(item);
  vi.stubGlobal('fetch', server.fetch);
});

afterEach(() => {
  dropPageAnswers();
  vi.unstubAllGlobals();
  closeUserDatabase();
  setActiveUser(null);
});

describe("ensureFresh and the page's answers", () => {
  it('takes the page’s answer for a resource this device has no copy of, asking the server nothing', async () => {
    carrySet([7]);
    expect(await ensureFresh(setResource)).toBe('fetched');
    expect(await stored()).toEqual([7]);
    expect(gets()).toEqual([]);
    expect(carried()).toBe(0);
  });

  it('asks the server instead for a forced check (a reload after a write), whose answer the page cannot have', async () => {
    carrySet([7]);
    await ensureFresh(setResource);
    carrySet([7]);
    expect(await ensureFresh(setResource, { force: true })).toBe('fetched');
    expect(await stored()).toEqual([1, 2, 3]);
    expect(gets()).toHaveLength(1);
    expect(carried()).toBe(0);
  });

  it('drops it when the device already has a copy: a fresh one needs nothing, a stale one asks the server', async () => {
    await ensureFresh(setResource);
    expect(gets()).toHaveLength(1);
    carrySet([7]);
    expect(await ensureFresh(setResource)).toBe('fresh');
    expect(carried()).toBe(0);
    expect(await stored()).toEqual([1, 2, 3]);
  });
});
