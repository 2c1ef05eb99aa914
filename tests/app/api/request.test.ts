import { afterEach, describe, expect, it, vi } from 'vitest';
import { isAntiforgeryRefusal, reportingFetch, requestHeaders, requestInit, toHttpError } from '../../../src/app/api/request';
import { isServerReachable, reportServerReachable } from '../../../src/app/sync/connectivity';
import { antiforgeryRefusalMessage } from '../../../src/shared/contract/antiforgery';
import type { SignedInUserInfo } from '../../../src/shared/contract/user';
import { setActiveUser } from '../../../src/app/db/activeUser';
import { viewingAsHeader } from '../../../src/shared/rules/viewAsHeader';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('the one request builder', () => {
  it('sends the XSRF token on writes only, with JSON Accept everywhere', () => {
    expect(requestHeaders({ method: 'GET', xsrfToken: 't', etag: 'W/"1"' })).toEqual({ Accept: 'application/json', 'If-None-Match': 'W/"1"' });
    expect(requestHeaders({ method: 'DELETE', xsrfToken: 't', idempotencyKey: 'k' })).toEqual({
      Accept: 'application/json',
      'X-XSRF-TOKEN': 't',
      'Idempotency-Key': 'k',
    });
  });

  it('marks the writes of a page viewing as someone, so a view ended elsewhere cannot write as the administrator', () => {
    setActiveUser({ userId: '7', viewAs: { adminUserName: 'admin', adminDisplayName: 'Sam Taylor', expiresAt: '2030-01-01T10:00:00Z' } } as SignedInUserInfo);
    try {
      expect(requestHeaders({ method: 'POST', xsrfToken: 't' })[viewingAsHeader]).toBe('1');
      expect(requestHeaders({ method: 'GET' })[viewingAsHeader]).toBeUndefined();
      setActiveUser({ userId: '1' } as SignedInUserInfo);
      expect(requestHeaders({ method: 'POST', xsrfToken: 't' })[viewingAsHeader]).toBeUndefined();
    } finally {
      setActiveUser(null);
    }
  });

  it('serialises a JSON body once, passes a serialised one and FormData through', () => {
    expect(requestInit({ method: 'POST', body: [3] })).toMatchObject({ body: '[3]', headers: { 'Content-Type': 'application/json' }, credentials: 'include', mode: 'cors' });
    expect(requestInit({ method: 'PUT', body: '{"a":1}', isSerialised: true }).body).toBe('{"a":1}');
    const form = new FormData();
    const init = requestInit({ method: 'POST', body: form, xsrfToken: 't' });
    expect(init.body).toBe(form);
    expect(init.headers).toEqual({ Accept: 'application/json', 'X-XSRF-TOKEN': 't' });
    expect('body' in requestInit({ method: 'GET' })).toBe(false);
  });

  it('tells an antiforgery refusal from any other 403, leaving the body readable', async () => {
    const refusal = json(403, { message: antiforgeryRefusalMessage, errors: { xsrf: ['Send the XSRF-TOKEN cookie value in the X-XSRF-TOKEN header.'] }, code: 'xsrf' });
    expect(await isAntiforgeryRefusal(refusal)).toBe(true);
    expect(await refusal.json()).toMatchObject({ message: antiforgeryRefusalMessage });
    expect(await isAntiforgeryRefusal(json(403, { message: 'Only students may do this.', errors: {}, code: 'forbidden' }))).toBe(false);
    expect(await isAntiforgeryRefusal(json(400, { message: antiforgeryRefusalMessage, errors: {}, code: 'validation' }))).toBe(false);
  });

  it('recognises an antiforgery refusal by its code alone: a reworded message, or none of the old field keys, changes nothing', async () => {
    expect(await isAntiforgeryRefusal(json(403, { message: 'Your security token has expired. Please reload.', errors: {}, code: 'xsrf' }))).toBe(true);
    // The old message and field key, without the code, are just another 403 (e.g. a role refusal).
    expect(await isAntiforgeryRefusal(json(403, { message: antiforgeryRefusalMessage, errors: { xsrf: ['x'] } }))).toBe(false);
    expect(await isAntiforgeryRefusal(json(403, { message: antiforgeryRefusalMessage, errors: {}, code: 'viewAsReadOnly' }))).toBe(false);
  });

  it('carries the server\'s code on the ApiError; an unknown code (a newer server\'s) reads as none and keeps the message', async () => {
    expect((await toHttpError(json(403, { message: 'Read only.', errors: {}, code: 'viewAsReadOnly' }))).code).toBe('viewAsReadOnly');
    const newer = await toHttpError(json(409, { message: 'Something new.', errors: { a: ['b'] }, code: 'somethingNew' }));
    expect(newer.code).toBeUndefined();
    expect(newer.message).toBe('Something new.');
    expect(newer.errors).toEqual({ a: ['b'] });
    expect((await toHttpError(json(500, { message: 'Old server.', errors: {} }))).code).toBeUndefined();
  });
});

describe('every request tells the connectivity signal (issue 34 §3)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    reportServerReachable(true);
  });

  it('no answer: unreachable; any answer, even an error status: reachable again', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValueOnce(new TypeError('Failed to fetch')).mockResolvedValueOnce(json(500, { message: 'x', errors: {} })));
    await expect(reportingFetch('/api/timetable')).rejects.toThrow('Failed to fetch');
    expect(isServerReachable()).toBe(false);
    await reportingFetch('/api/timetable');
    expect(isServerReachable()).toBe(true);
  });

  it('an aborted request says nothing about the server', async () => {
    const abort = new AbortController();
    abort.abort();
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new DOMException('aborted', 'AbortError')));
    await expect(reportingFetch('/api/timetable', { signal: abort.signal })).rejects.toThrow('aborted');
    expect(isServerReachable()).toBe(true);
  });
});
