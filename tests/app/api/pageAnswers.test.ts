// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dropPageAnswers, takePageAnswer } from '../../../src/app/api/pageAnswers';
import { reportingFetch } from '../../../src/app/api/request';
import { startupAnswerRoutes } from '../../../src/shared/contract/pageAnswers';
import { startupResources } from '../../../src/app/sync/registry';
import '../../../src/app/startup/registeredResources';

/** A page answer as the server writes it (src/server/http/pageAnswers.ts): `<` escaped in the JSON, the headers an attribute. */
function carry(path: string, body: string, headers: Record<string, string>): void {
  const element = document.createElement('script');
  element.type = 'application/json';
  element.setAttribute('data-page-answer', path);
  element.setAttribute('data-headers', JSON.stringify(headers));
  element.textContent = body.replace(/</g, '\\u003c');
  document.body.append(element);
}

const carried = () => document.querySelectorAll('script[data-page-answer]').length;

beforeEach(() => {
  document.body.innerHTML = '<div id="root"></div>';
});

afterEach(() => {
  vi.unstubAllGlobals();
  dropPageAnswers();
});

describe("the page's answers", () => {
  it('stand in for the first GET of their path, once, with the headers the server sent', async () => {
    carry('/api/user/notifications', JSON.stringify([{ title: '</script> and <b>' }]), { 'content-type': 'application/json; charset=utf-8', etag: 'W/"7"', 'x-session-user': '12' });
    const answer = takePageAnswer('/api/user/notifications', { method: 'GET' });
    expect(answer?.status).toBe(200);
    expect(answer?.headers.get('ETag')).toBe('W/"7"');
    expect(answer?.headers.get('X-Session-User')).toBe('12');
    expect(await answer?.json()).toEqual([{ title: '</script> and <b>' }]);
    expect(carried()).toBe(0);
    expect(takePageAnswer('/api/user/notifications', { method: 'GET' })).toBeUndefined();
  });

  it('answer only a GET of their own path on this origin, with no query', () => {
    carry('/api/timetable', '{}', {});
    expect(takePageAnswer('/api/timetable', { method: 'POST' })).toBeUndefined();
    expect(takePageAnswer('/api/timetable?week=2')).toBeUndefined();
    expect(takePageAnswer('https://elsewhere.example/api/timetable')).toBeUndefined();
    expect(takePageAnswer('/api/timetable/ical')).toBeUndefined();
    expect(carried()).toBe(1);
    expect(takePageAnswer(new URL('/api/timetable', location.href))?.status).toBe(200);
  });

  it('answer the app’s fetch without the network, which the next call of the same path reaches', async () => {
    const network = vi.fn(async () => new Response('{"isSignedIn":false}', { status: 200 }));
    vi.stubGlobal('fetch', network);
    carry('/api/user/info', '{"isSignedIn":true}', { 'content-type': 'application/json' });
    expect(await (await reportingFetch('/api/user/info', { method: 'GET' })).json()).toEqual({ isSignedIn: true });
    expect(network).not.toHaveBeenCalled();
    expect(await (await reportingFetch('/api/user/info', { method: 'GET' })).json()).toEqual({ isSignedIn: false });
    expect(network).toHaveBeenCalledTimes(1);
  });

  it('go once the start-up is done, taken or not', () => {
    carry('/api/user/profile', '{}', {});
    carry('/api/user/analytics', '{}', {});
    dropPageAnswers();
    expect(carried()).toBe(0);
    expect(takePageAnswer('/api/user/profile')).toBeUndefined();
  });

  it('are carried for exactly the resources the start-up loads', () => {
    const loaded = startupResources().map((resource) => resource.route.path).sort();
    expect(startupAnswerRoutes.map((route) => route.path).sort()).toEqual(loaded);
    // None of them takes a parameter or a query: a page answer stands for the path alone.
    expect(startupResources().filter((resource) => resource.params !== undefined || resource.query !== undefined)).toEqual([]);
  });
});
