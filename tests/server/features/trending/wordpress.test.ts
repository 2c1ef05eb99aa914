import { createServer, type Server, type ServerResponse } from 'node:http';
import { SettableClock } from '../../../../src/server/clock.js';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { addFavouriteTrendingRoute, listFavouriteTrendingRoute } from '../../../../src/shared/contract/favourites.js';
import { trendingRoute } from '../../../../src/shared/contract/trending.js';
import type { TrendingItem } from '../../../../src/shared/contract/trending.js';
import { trendingSourceFor } from '../../../../src/server/features/trending/trending.routes.js';
import { callRoute } from '../../../helpers/routes.js';
import { createTestApp, signIn, type Caller, type TestApp } from '../../../helpers/testApp.js';
import { TEST_CLOCK_START } from '../../../helpers/testClock.js';
import { useTestApp } from '../../../helpers/useTestApp.js';

/** A stand-in WordPress site, installed under /news, whose behaviour each test chooses. */
type Mode = 'good' | 'hang' | 'garbage' | 'wrong-shape' | 'error' | 'huge-chunked' | 'huge-declared' | 'moved' | 'redirect-away' | 'redirect-loop';
let mode: Mode = 'good';
let requests: string[] = [];
/** The Host header of each request: which origin was asked. */
let hosts: string[] = [];
let posts: unknown[] = [];
const hanging: ServerResponse[] = [];

/** What a huge answer managed to send before the client went away, and whether it went away. */
const HUGE_BYTES = 64 * 1024 * 1024;
let huge = { sent: 0, isCutOff: false };
/**
 * Streams a 64 MB JSON list of posts in 64 kB chunks, as fast as the client takes them, chunked or
 * with its Content-Length, until it is all sent or the client closes the connection.
 */
function sendHuge(response: ServerResponse, isLengthDeclared: boolean): void {
  huge = { sent: 0, isCutOff: false };
  const chunk = Buffer.from(`${JSON.stringify(post(900, 'Padding'))},`.padEnd(64 * 1024, ' '));
  response.writeHead(200, { 'content-type': 'application/json', ...(isLengthDeclared ? { 'content-length': HUGE_BYTES + 2 } : {}) });
  response.once('close', () => (huge.isCutOff = !response.writableFinished));
  response.write('[');
  const more = (): void => {
    while (huge.sent < HUGE_BYTES && !response.destroyed) {
      huge.sent += chunk.length;
      if (!response.write(chunk)) return void response.once('drain', more);
    }
    if (!response.destroyed) response.end(']');
  };
  more();
}

const post = (id: number, title: string, extra: Record<string, unknown> = {}) => ({
  id,
  date: '2025-03-01T09:00:00',
  date_gmt: '2025-03-01T09:00:00',
  link: `https://news.example.ac.uk/2025/03/post-${id}/`,
  title: { rendered: title },
  excerpt: { rendered: `<p>Summary of post ${id} [&hellip;]</p>\n`, protected: false },
  featured_media: 0,
  ...extra,
});
const goodPosts = () => [
  post(101, 'Open day &#8211; Saturday &amp; Sunday', {
    excerpt: { rendered: '<p>Meet us on campus&nbsp;this weekend. Tours, talks <em>and</em> free coffee [&hellip;]</p>\n' },
    featured_media: 7,
    _embedded: { 'wp:featuredmedia': [{ id: 7, source_url: 'https://news.example.ac.uk/wp-content/uploads/open-day.jpg' }] },
  }),
  post(102, 'Library &#8220;quiet&#8221; zones', {
    excerpt: { rendered: '' },
    featured_media: 8,
    _embedded: { 'wp:featuredmedia': [{ code: 'rest_forbidden', message: 'Sorry, you are not allowed to do that.', data: { status: 401 } }] },
  }),
  post(103, 'A post with a strange link', { link: 'javascript:alert(1)' }),
];

let server: Server;
let siteUrl = '';
beforeAll(async () => {
  server = createServer((request, response) => {
    requests.push(request.url ?? '');
    hosts.push(request.headers.host ?? '');
    const postsPath = '/news/wp-json/wp/v2/posts?per_page=10&_embed';
    const port = (server.address() as AddressInfo).port;
    // The site moved its API within its own origin; the posts are then at /moved/…
    if (request.url === `/moved${postsPath}`) return void response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(posts));
    if (request.url !== postsPath) return void response.writeHead(404).end();
    if (mode === 'moved') return void response.writeHead(301, { location: `/moved${postsPath}` }).end();
    // Another origin: the same machine by another name.
    if (mode === 'redirect-away') return void response.writeHead(302, { location: `http://localhost:${port}/moved${postsPath}` }).end();
    if (mode === 'redirect-loop') return void response.writeHead(302, { location: postsPath }).end();
    if (mode === 'hang') return void hanging.push(response);
    if (mode === 'error') return void response.writeHead(502, { 'content-type': 'text/html' }).end('<h1>Bad gateway</h1>');
    if (mode === 'huge-chunked' || mode === 'huge-declared') return sendHuge(response, mode === 'huge-declared');
    const body = mode === 'garbage' ? '<html>Error establishing a database connection</html>' : JSON.stringify(mode === 'wrong-shape' ? { code: 'rest_no_route' } : posts);
    response.writeHead(200, { 'content-type': 'application/json; charset=UTF-8' }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  siteUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/news/`;
});
afterAll(async () => {
  for (const response of hanging) response.destroy();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const env = () => ({ TRENDING_WORDPRESS_URL: siteUrl, TRENDING_WORDPRESS_TIMEOUT_MS: '300' });
const CACHE_MS = 300_000;
// One running clock for the whole file, shared by its apps and the sources built here, moved on by later().
const clock = new SettableClock(new Date(TEST_CLOCK_START));
/** Moves the clock the cache and retry timings read past both lifetimes. */
const later = () => clock.advance(CACHE_MS + 1000);
beforeEach(() => {
  mode = 'good';
  requests = [];
  posts = goodPosts();
});

async function trending(t: Pick<TestApp, 'app'>, caller: Caller): Promise<TrendingItem[]> {
  const response = await callRoute(t.app, trendingRoute, { as: caller });
  expect(response.statusCode).toBe(200);
  return response.json<TrendingItem[]>();
}

describe('trending from WordPress (TRENDING_WORDPRESS_URL)', () => {
  const t = useTestApp({ env, clock });
  let student: Caller;
  beforeAll(async () => {
    student = await t.signIn('student');
  });

  let good: TrendingItem[] = [];
  it('(a) maps good posts: plain-text title and summary, featured image, link; upserted with stable rowIds', async () => {
    good = await trending(t, student);
    const stored = await t.db.selectFrom('trending_items').select(['id', 'external_id']).where('source', '=', 'wordpress').orderBy('external_id').execute();
    expect(stored.map((row) => row.external_id)).toEqual(['101', '102']);
    const idOf = (externalId: string) => stored.find((row) => row.external_id === externalId)?.id;
    expect(good).toEqual([
      {
        rowId: idOf('101'),
        title: 'Open day \u2013 Saturday & Sunday',
        summary: 'Meet us on campus this weekend. Tours, talks and free coffee\u2026',
        image: 'https://news.example.ac.uk/wp-content/uploads/open-day.jpg',
        url: 'https://news.example.ac.uk/2025/03/post-101/',
      },
      { rowId: idOf('102'), title: 'Library \u201cquiet\u201d zones', summary: null, image: null, url: 'https://news.example.ac.uk/2025/03/post-102/' },
    ]);
    expect(requests).toEqual(['/news/wp-json/wp/v2/posts?per_page=10&_embed']);
  });

  it('reuses a good answer for a few minutes instead of asking WordPress again', async () => {
    expect(await trending(t, student)).toEqual(good);
    expect(requests).toEqual([]);
  });

  it('(b) serves the last good items when WordPress never answers, after the configured timeout', async () => {
    later();
    mode = 'hang';
    const started = performance.now();
    expect(await trending(t, student)).toEqual(good);
    expect(performance.now() - started).toBeGreaterThanOrEqual(250);
    expect(requests).toHaveLength(1);
    // A failed source is left alone for a while: the next request does not wait for it again.
    expect(await trending(t, student)).toEqual(good);
    expect(requests).toHaveLength(1);
  });

  it('(c) serves the last good items when WordPress answers garbage, a wrong shape or an HTTP error', async () => {
    for (const failure of ['garbage', 'wrong-shape', 'error'] as const) {
      later();
      mode = failure;
      requests = [];
      expect(await trending(t, student)).toEqual(good);
      expect(requests).toHaveLength(1);
    }
  });

  it('stops reading an answer over 2 MB, chunked or declared, and serves the last good items', async () => {
    for (const failure of ['huge-chunked', 'huge-declared'] as const) {
      later();
      mode = failure;
      requests = [];
      const warn = vi.fn();
      const items = await trendingSourceFor({ db: t.db, config: t.config, clock }).load({ warn });
      expect(items.map((item) => item.rowId)).toEqual(good.map((item) => item.rowId));
      expect(requests).toHaveLength(1);
      expect(warn).toHaveBeenCalledWith(expect.objectContaining({ source: 'wordpress', reason: 'too-large' }), expect.stringContaining('serving the last good items'));
      // The client hung up early: of 64 MB, no more than the cap and the sockets' buffers went out.
      await vi.waitFor(() => expect(huge.isCutOff).toBe(true));
      expect(huge.sent).toBeLessThan(16 * 1024 * 1024);
    }
  });

  it('follows a redirect within the site, but not one to another origin or round in a loop', async () => {
    later();
    mode = 'moved';
    requests = [];
    expect(await trending(t, student)).toEqual(good);
    expect(requests).toEqual(['/news/wp-json/wp/v2/posts?per_page=10&_embed', '/moved/news/wp-json/wp/v2/posts?per_page=10&_embed']);
    for (const [failure, asked] of [['redirect-away', 1], ['redirect-loop', 4]] as const) {
      later();
      mode = failure;
      requests = [];
      hosts = [];
      const warn = vi.fn();
      const items = await trendingSourceFor({ db: t.db, config: t.config, clock }).load({ warn });
      expect(items.map((item) => item.rowId), failure).toEqual(good.map((item) => item.rowId));
      expect(warn).toHaveBeenCalledWith(expect.objectContaining({ source: 'wordpress', reason: 'redirect' }), expect.stringContaining('serving the last good items'));
      // Nothing was asked of the other origin; a loop stops after the allowed hops.
      expect(hosts.every((host) => host.startsWith('127.0.0.1:')), failure).toBe(true);
      expect(requests, failure).toHaveLength(asked);
    }
  });

  it('keeps a post\u2019s rowId when WordPress changes it, so favourites stay valid', async () => {
    const [first] = good;
    if (!first) throw new Error('no good items');
    const favourite = await t.call(addFavouriteTrendingRoute, { body: { wpPostRowId: first.rowId }, as: student });
    expect(favourite.statusCode).toBe(200);
    later();
    posts = [post(101, 'Open day moved to Sunday'), post(104, 'New post')];
    const items = await trending(t, student);
    expect(items.map((item) => [item.rowId, item.title])).toEqual([[first.rowId, 'Open day moved to Sunday'], [expect.any(Number), 'New post']]);
    const favourites = await t.call(listFavouriteTrendingRoute, { as: student });
    expect(favourites.json()).toContainEqual({ wpPostRowId: first.rowId, title: 'Open day moved to Sunday', url: first.url });
  });

  it('asks WordPress once for many concurrent requests', async () => {
    later();
    const all = await Promise.all(Array.from({ length: 5 }, () => trending(t, student)));
    expect(new Set(all.map((items) => JSON.stringify(items))).size).toBe(1);
    expect(requests).toHaveLength(1);
  });

  it('logs a warning naming the reason when the source fails', async () => {
    later();
    mode = 'garbage';
    const warn = vi.fn();
    const items = await trendingSourceFor({ db: t.db, config: t.config, clock }).load({ warn });
    expect(items.map((item) => item.title)).toEqual(['Open day \u2013 Saturday & Sunday', 'Library \u201cquiet\u201d zones']);
    expect(warn).toHaveBeenCalledWith(expect.objectContaining({ source: 'wordpress', reason: 'not-json' }), expect.stringContaining('serving the last good items'));
  });
});

describe('trending from WordPress with nothing good cached yet', () => {
  it('serves the database items while WordPress fails, then WordPress once it answers', async () => {
    mode = 'error';
    const t = await createTestApp(env(), 'seeded', { clock });
    try {
      const student = await signIn(t.app, 'student');
      const items = await trending(t, student);
      expect(items).toHaveLength(10);
      expect(items[0]?.title).toBe('Library opens 24 hours for exam season');
      later();
      mode = 'good';
      expect((await trending(t, student)).map((item) => item.title)).toEqual(['Open day \u2013 Saturday & Sunday', 'Library \u201cquiet\u201d zones']);
    } finally {
      await t.close();
    }
  });

  it('serves an empty list when the database has no items either', async () => {
    mode = 'hang';
    const t = await createTestApp(env(), 'seeded', { clock });
    try {
      await t.db.deleteFrom('trending_items').execute();
      expect(await trending(t, await signIn(t.app, 'student'))).toEqual([]);
    } finally {
      await t.close();
    }
  });
});
