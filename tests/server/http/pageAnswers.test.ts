import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { listAbsencesRoute } from '../../../src/shared/contract/absences.js';
import { antiforgeryTokenRoute } from '../../../src/shared/contract/antiforgery.js';
import { listNotificationsRoute } from '../../../src/shared/contract/notifications.js';
import { pageOwnAnswerRoutes, startupAnswerRoutes } from '../../../src/shared/contract/pageAnswers.js';
import { feedbackPromptDateRoute } from '../../../src/shared/contract/feedback.js';
import { resourcesRoute } from '../../../src/shared/contract/resources.js';
import { timetableRoute } from '../../../src/shared/contract/timetable.js';
import { userInfoRoute, userProfileRoute } from '../../../src/shared/contract/user.js';
import { SettableClock } from '../../../src/server/clock.js';
import type { Caller } from '../../helpers/testApp.js';
import { TEST_CLOCK_START } from '../../helpers/testClock.js';
import { useTestApp } from '../../helpers/useTestApp.js';
import { pageWithAnswers } from '../../../src/server/http/pageAnswers.js';

async function text(stream: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks).toString('utf8');
}

// A built page as the client build writes it: the head's preload of user info, an empty root.
const staticDir = mkdtempSync(join(tmpdir(), 'campus-page-answers-'));
const builtPage = [
  '<!doctype html><html lang="en"><head>',
  '<link rel="preload" href="/api/user/info" as="fetch" crossorigin="use-credentials">',
  '<script type="module" crossorigin src="/assets/index-abc.js"></script>',
  '</head><body><div id="root"></div></body></html>',
].join('\n');
writeFileSync(join(staticDir, 'index.html'), builtPage);
// Its build manifest: the entry, the chunks every signed-in page renders and those of /home and
// /timetable (scripts/firstPaintChunks.ts), and a lazy chunk nothing renders at first.
const chunk = (file: string, name: string, imports: string[] = [], css: string[] = []) => ({ file: `assets/${file}`, name, imports, css });
mkdirSync(join(staticDir, '.vite'));
writeFileSync(
  join(staticDir, '.vite', 'manifest.json'),
  JSON.stringify({
    'index.html': { ...chunk('index-abc.js', 'index', ['_react-1.js'], ['assets/index-1.css']), isEntry: true, src: 'index.html' },
    '_react-1.js': chunk('react-1.js', 'react'),
    '_signed-in-2.js': chunk('signed-in-2.js', 'signed-in', ['_react-1.js', 'index.html', '_dexie-3.js'], ['assets/signed-in-2.css']),
    '_dexie-3.js': chunk('dexie-3.js', 'dexie'),
    '_home-4.js': chunk('home-4.js', 'home', ['_signed-in-2.js', 'index.html'], ['assets/home-4.css']),
    '_timetable-5.js': chunk('timetable-5.js', 'timetable', ['_signed-in-2.js', 'index.html']),
    'src/app/features/tour/tour.adapter.ts': chunk('tour-6.js', 'tour.adapter', ['index.html']),
    'src/app/features/attendanceRegistration/RegistrationControl.tsx': chunk('RegistrationControl-7.js', 'RegistrationControl', ['_signed-in-2.js', '_checkInCode-8.js']),
    '_checkInCode-8.js': chunk('checkInCode-8.js', 'checkInCode'),
  }),
);
afterAll(() => rmSync(staticDir, { recursive: true, force: true }));

// Frozen: user info's session expiry is the same in the page and in the GET asked after it.
const t = useTestApp({ env: { STATIC_DIR: staticDir }, clock: new SettableClock(new Date(TEST_CLOCK_START), { frozen: true }) });

/** What Chromium sends when a tab loads a page. */
const navigation = { 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document', 'sec-fetch-site': 'none', accept: 'text/html' };

interface CarriedAnswer {
  readonly headers: Record<string, string>;
  readonly text: string;
}

/** The page's answers by URL, read back the way a browser parses them (entities decoded). */
function answersIn(html: string): Map<string, CarriedAnswer> {
  const answers = new Map<string, CarriedAnswer>();
  const decode = (text: string) => text.replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
  for (const match of html.matchAll(/<script type="application\/json" data-page-answer="([^"]*)" data-headers="([^"]*)">(.*?)<\/script>/gs)) {
    const [, url = '', headers = '', text = ''] = match;
    answers.set(decode(url), { headers: JSON.parse(decode(headers)) as Record<string, string>, text });
  }
  return answers;
}

async function openPage(path: string, caller: Caller | undefined, headers: Record<string, string> = navigation) {
  return t.app.inject({ method: 'GET', url: path, headers: { ...headers, ...(caller ? { cookie: caller.headers(false).cookie ?? '' } : {}) } });
}

describe('answers carried in the page', () => {
  it("a signed-in student's load of /home carries user info, the antiforgery token and every start-up answer, each the same as its own GET", async () => {
    const student = await t.signIn('student');
    const page = await openPage('/home', student);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['cache-control']).toBe('no-store');
    const answers = answersIn(page.body);
    const homeOwn = [resourcesRoute.path, feedbackPromptDateRoute.path];
    expect(pageOwnAnswerRoutes['/home']?.map((route) => route.path)).toEqual(homeOwn);
    expect([...answers.keys()].sort()).toEqual([userInfoRoute.path, antiforgeryTokenRoute.path, ...startupAnswerRoutes.map((route) => route.path), ...homeOwn].sort());
    expect([...answersIn((await openPage('/Home/', student)).body).keys()].sort()).toEqual([...answers.keys()].sort());
    // Home's own resources (its popular links, the feedback prompt's date) only in home's page.
    const timetablePage = answersIn((await openPage('/timetable', student)).body);
    expect(timetablePage.has(timetableRoute.path)).toBe(true);
    for (const path of homeOwn) expect(timetablePage.has(path), path).toBe(false);
    for (const route of [userInfoRoute, userProfileRoute, timetableRoute, resourcesRoute, feedbackPromptDateRoute]) {
      const own = await t.call(route, { as: student });
      const carried = answers.get(route.path);
      expect(JSON.parse(carried?.text ?? 'null'), route.path).toEqual(own.json());
      expect(carried?.headers.etag, route.path).toBe(own.headers.etag);
      expect(carried?.headers['x-session-user'], route.path).toBe(own.headers['x-session-user']);
      expect(carried?.headers['content-type'], route.path).toMatch(/^application\/json/);
    }
    // The preload of user info is gone (its answer is in the page); the rest of the page is as built.
    expect(page.body).not.toContain('rel="preload" href="/api/user/info"');
    expect(page.body).toContain('<script type="module" crossorigin src="/assets/index-abc.js"></script>');
    expect(page.body.indexOf('data-page-answer')).toBeGreaterThan(page.body.indexOf('<div id="root"></div>'));
  });

  it('goes compressed like any page, and whole', async () => {
    const student = await t.signIn('student');
    const plain = await openPage('/home', student);
    const compressed = await openPage('/home', student, { ...navigation, 'accept-encoding': 'br' });
    expect(compressed.headers['content-encoding']).toBe('br');
    const body = brotliDecompressSync(compressed.rawPayload).toString('utf8');
    expect([...answersIn(body).keys()].sort()).toEqual([...answersIn(plain.body).keys()].sort());
    expect(body.endsWith('</body></html>')).toBe(true);
  });

  it("sets the antiforgery cookie the carried token is, so the app's first write needs no round trip either", async () => {
    const student = await t.signIn('student');
    const cookies = { ...student.cookies };
    delete cookies['XSRF-TOKEN'];
    const page = await t.app.inject({ method: 'GET', url: '/timetable', headers: { ...navigation, cookie: Object.entries(cookies).map(([name, value]) => `${name}=${value}`).join('; ') } });
    const token = JSON.parse(answersIn(page.body).get(antiforgeryTokenRoute.path)?.text ?? '{}') as { token?: string };
    expect(token.token).toEqual(expect.any(String));
    expect(page.cookies.find((cookie) => cookie.name === 'XSRF-TOKEN')?.value).toBe(token.token);
  });

  it('leaves the antiforgery token to the app when the load comes from another site (without the SameSite=Strict cookie)', async () => {
    const student = await t.signIn('student');
    const page = await openPage('/home', student, { ...navigation, 'sec-fetch-site': 'cross-site' });
    const answers = answersIn(page.body);
    expect(answers.has(userInfoRoute.path)).toBe(true);
    expect(answers.has(timetableRoute.path)).toBe(true);
    expect(answers.has(antiforgeryTokenRoute.path)).toBe(false);
    expect(page.cookies.find((cookie) => cookie.name === 'XSRF-TOKEN')).toBeUndefined();
  });

  it('leaves out what the user may not call: a lecturer gets the timetable, not a student’s absences', async () => {
    const lecturer = await t.signIn('lecturer');
    const answers = answersIn((await openPage('/home', lecturer)).body);
    expect(answers.has(timetableRoute.path)).toBe(true);
    expect(answers.has(listAbsencesRoute.path)).toBe(false);
    expect((await t.call(listAbsencesRoute, { as: lecturer })).statusCode).toBe(403);
  });

  it('keeps JSON from ending the script element: a notification titled with </script> stays text', async () => {
    const student = await t.signIn('student');
    const user = await t.db.selectFrom('users').select('id').where('user_name', '=', 'student').executeTakeFirstOrThrow();
    const title = '</script><script>alert(1)</script><!--';
    await t.db.insertInto('notifications').values({ user_id: user.id, title, body: 'x', notification_type: 'General', url: null, date_sent: t.clock.now() }).execute();
    const page = await openPage('/notifications', student);
    expect(page.body).not.toContain('<script>alert(1)');
    expect(page.body).not.toContain('<!--');
    const carried = answersIn(page.body).get(listNotificationsRoute.path);
    const listed = JSON.parse(carried?.text ?? '[]') as { title: string }[];
    expect(listed.map((notification) => notification.title)).toContain(title);
  });

  it("names the page's first-paint chunks in its head, beyond the entry's, so they load beside it", async () => {
    const student = await t.signIn('student');
    const head = async (path: string) => {
      const { body } = await openPage(path, student);
      return body.slice(0, body.indexOf('</head>'));
    };
    const linked = (html: string) => [...html.matchAll(/<link rel="(modulepreload|preload)"[^>]*href="([^"]+)"/g)].map(([, rel, href]) => `${rel} ${href}`);
    const signedIn = ['preload /assets/signed-in-2.css', 'modulepreload /assets/signed-in-2.js', 'modulepreload /assets/dexie-3.js'];
    // Today's classes wait for the registration slot's lazy flow whenever a class's window is open.
    const registration = ['modulepreload /assets/RegistrationControl-7.js', 'modulepreload /assets/checkInCode-8.js'];
    expect(linked(await head('/home')).sort()).toEqual([...signedIn, ...registration, 'preload /assets/home-4.css', 'modulepreload /assets/home-4.js'].sort());
    expect(linked(await head('/')).sort()).toEqual(linked(await head('/home')).sort());
    expect(linked(await head('/timetable?view=week')).sort()).toEqual([...signedIn, ...registration, 'modulepreload /assets/timetable-5.js'].sort());
    expect(linked(await head('/settings')).sort()).toEqual([...signedIn].sort());
    // The page the router opens: a trailing slash or capitals change nothing.
    expect(linked(await head('/Timetable/')).sort()).toEqual(linked(await head('/timetable')).sort());
    // Each in the CORS mode of what the app then asks for: the chunk loader's modules and stylesheets are `crossorigin`.
    expect(await head('/home')).toContain('<link rel="preload" as="style" crossorigin href="/assets/home-4.css">');
    expect(await head('/home')).toContain('<link rel="modulepreload" crossorigin href="/assets/home-4.js">');
    // Nobody else's page names them: the signed-out page is the built one.
    expect((await openPage('/home', undefined)).body).toBe(builtPage);
  });

  it('serves `/` the same way, and `/index.html` (what the service worker precaches) as the plain file', async () => {
    const student = await t.signIn('student');
    const root = await openPage('/', student);
    expect(root.statusCode).toBe(200);
    expect(answersIn(root.body).has(userInfoRoute.path)).toBe(true);
    const shell = await openPage('/index.html', student);
    expect(shell.statusCode).toBe(200);
    expect(shell.body).toBe(builtPage);
  });

  it('carries nothing for an anonymous visitor, an ended session, or a request that is not a tab loading a page', async () => {
    const student = await t.signIn('student');
    const anonymous = await openPage('/home', undefined);
    expect(anonymous.body).toBe(builtPage);
    expect(anonymous.headers['cache-control']).toBe('no-cache');
    const ended = await t.app.inject({ method: 'GET', url: '/home', headers: { ...navigation, cookie: 'cc_session=not-a-session' } });
    expect(ended.body).toBe(builtPage);
    // Made from a session's cookies all the same: no cache keeps it.
    expect(ended.headers['cache-control']).toBe('no-store');
    for (const headers of [{ accept: 'text/html' }, { ...navigation, 'sec-fetch-mode': 'cors', 'sec-fetch-dest': 'empty' }, { ...navigation, 'sec-fetch-dest': 'iframe' }]) {
      const page = await openPage('/home', student, headers);
      expect(page.body, JSON.stringify(headers)).toBe(builtPage);
      expect(page.headers['cache-control']).toBe('no-cache');
    }
    const head = await t.app.inject({ method: 'HEAD', url: '/home', headers: { ...navigation, cookie: student.headers(false).cookie ?? '' } });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
  });

  it('ends without the start-up answers when they do not come in time (a slow database), so the app asks for them itself', async () => {
    const never = new Promise<string>(() => undefined);
    const late = await text(pageWithAnswers(builtPage, '<script id="session"></script>', never, 20));
    expect(late).toBe(builtPage.replace(/<link rel="preload" href="\/api\/user\/info"[^>]*>\n/, '').replace('</body>', '<script id="session"></script></body>'));
    const failed = await text(pageWithAnswers(builtPage, '', Promise.reject(new Error('the database went away')), 1_000));
    expect(failed).not.toContain('application/json');
    expect(failed.endsWith('</body></html>')).toBe(true);
    const inTime = await text(pageWithAnswers(builtPage, '', Promise.resolve('<script id="startup"></script>'), 1_000));
    expect(inTime).toContain('<script id="startup"></script></body></html>');
  });
});
