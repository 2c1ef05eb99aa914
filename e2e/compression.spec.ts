import { get, type IncomingHttpHeaders } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { waitForServiceWorkerControl } from './support/serviceWorker';
import { useOwnServer } from './support/ownServer';

// The service worker runs here, as it does for every user (the suite blocks it elsewhere: playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

useOwnServer(test);

interface RawResponse {
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  readonly body: Buffer;
}

/**
 * The bytes as they go over the wire, with the page's cookies. node:http, because Playwright's
 * request context (like fetch) decodes bodies itself.
 */
async function fetchRaw(page: Page, path: string, acceptEncoding: string): Promise<RawResponse> {
  const url = new URL(path, page.url());
  const cookies = await page.context().cookies(url.href);
  const cookie = cookies.map(({ name, value }) => `${name}=${value}`).join('; ');
  return new Promise((resolve, reject) => {
    get(url, { headers: { 'accept-encoding': acceptEncoding, cookie } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
      response.on('error', reject);
    }).on('error', reject);
  });
}

function decoded(encoding: string | undefined, body: Buffer): string {
  if (encoding === 'br') return brotliDecompressSync(body).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(body).toString('utf8');
  return body.toString('utf8');
}

async function expectNegotiated(page: Page, url: string): Promise<void> {
  const identity = await fetchRaw(page, url, 'identity');
  expect(identity.status).toBe(200);
  expect(identity.headers['content-encoding']).toBeUndefined();
  const plainText = identity.body.toString('utf8');

  for (const [accept, expected] of [['br, gzip', 'br'], ['gzip', 'gzip']] as const) {
    const response = await fetchRaw(page, url, accept);
    expect(response.status).toBe(200);
    expect(response.headers['content-encoding'], `${url} with accept-encoding: ${accept}`).toBe(expected);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.body.length).toBeLessThan(plainText.length / 2);
    expect(decoded(expected, response.body)).toBe(plainText);
  }
}

test.describe('compression', () => {
  test('the entry script is sent brotli or gzip compressed by negotiation, and as it is otherwise', async ({ page, landingPage }) => {
    await landingPage.goto();
    const entry = await page.locator('script[type="module"][src^="/assets/"]').first().getAttribute('src');
    expect(entry).toMatch(/^\/assets\/.+\.js$/);
    await expectNegotiated(page, entry ?? '');
  });

  test('a signed-in /api/timetable is sent brotli or gzip compressed by negotiation, and as it is otherwise', async ({ page, signInAs }) => {
    await signInAs('student');
    await expectNegotiated(page, '/api/timetable');
  });

  test("the service worker's precache downloads compressed bytes", async ({ page, context, landingPage }) => {
    const precached: { url: string; encoding: string | undefined }[] = [];
    context.on('response', (response) => {
      const url = new URL(response.url());
      if (!response.request().serviceWorker() || !/\.(?:js|css)$/.test(url.pathname)) return;
      precached.push({ url: url.pathname, encoding: response.headers()['content-encoding'] });
    });
    await landingPage.goto();
    await waitForServiceWorkerControl(page);
    await expect.poll(() => precached.length).toBeGreaterThan(10);
    expect(precached.filter(({ encoding }) => encoding !== 'br' && encoding !== 'gzip')).toEqual([]);
  });
});
