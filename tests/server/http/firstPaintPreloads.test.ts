import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { firstPaintLinksFor, withHeadLinks } from '../../../src/server/http/firstPaintPreloads.js';

const staticDir = mkdtempSync(join(tmpdir(), 'campus-first-paint-'));
afterAll(() => rmSync(staticDir, { recursive: true, force: true }));

const manifestPath = join(staticDir, '.vite', 'manifest.json');
/** A build's manifest: its entry, and the signed-in chunk. */
const build = (entryFile: string, signedInFile: string) =>
  JSON.stringify({
    'index.html': { file: `assets/${entryFile}`, name: 'index', isEntry: true, imports: [] },
    '_signed-in.js': { file: `assets/${signedInFile}`, name: 'signed-in', imports: ['index.html'] },
  });
/** The built page (index.html) that loads `entryFile`. */
const pageOf = (entryFile: string) => `<!doctype html><head><script type="module" crossorigin src="/assets/${entryFile}"></script></head><body></body>`;

describe("the first paint's links, from the build's manifest", () => {
  it('names none without a manifest, or with one that is not JSON (a build being written)', async () => {
    expect(await firstPaintLinksFor(staticDir, pageOf('index-1.js'), '/home')).toBe('');
    mkdirSync(join(staticDir, '.vite'));
    writeFileSync(manifestPath, '{"index.html": {"fi');
    expect(await firstPaintLinksFor(staticDir, pageOf('index-1.js'), '/home')).toBe('');
  });

  it("names none from another build's manifest, and reads it again on the next page", async () => {
    writeFileSync(manifestPath, build('index-0.js', 'signed-in-0.js'));
    expect(await firstPaintLinksFor(staticDir, pageOf('index-1.js'), '/home')).toBe('');
    writeFileSync(manifestPath, build('index-1.js', 'signed-in-1.js'));
    expect(await firstPaintLinksFor(staticDir, pageOf('index-1.js'), '/settings')).toBe('<link rel="modulepreload" crossorigin href="/assets/signed-in-1.js">');
  });

  it('follows a new build without a restart, and reads the manifest only when the page changes', async () => {
    writeFileSync(manifestPath, build('index-a.js', 'signed-in-a.js'));
    expect(await firstPaintLinksFor(staticDir, pageOf('index-a.js'), '/settings')).toBe('<link rel="modulepreload" crossorigin href="/assets/signed-in-a.js">');
    // The same page: its links, whatever the file now says.
    writeFileSync(manifestPath, '{"index.html": {"fi');
    expect(await firstPaintLinksFor(staticDir, pageOf('index-a.js'), '/settings?tab=1')).toBe('<link rel="modulepreload" crossorigin href="/assets/signed-in-a.js">');
    writeFileSync(manifestPath, build('index-b.js', 'signed-in-b.js'));
    expect(await firstPaintLinksFor(staticDir, pageOf('index-b.js'), '/settings?tab=1')).toBe('<link rel="modulepreload" crossorigin href="/assets/signed-in-b.js">');
  });

  it('puts them at the end of the head, as they are', () => {
    expect(withHeadLinks('<head><title>x</title></head><body></body>', '<link href="/a$&.js">')).toBe('<head><title>x</title><link href="/a$&.js"></head><body></body>');
    expect(withHeadLinks('<head></head>', '')).toBe('<head></head>');
  });
});
