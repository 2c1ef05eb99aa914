import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { firstPaintLinksFor, withHeadLinks } from '../../../src/server/http/firstPaintPreloads.js';

const staticDir = mkdtempSync(join(tmpdir(), 'campus-first-paint-'));
afterAll(() => rmSync(staticDir, { recursive: true, force: true }));

const manifestPath = join(staticDir, '.vite', 'manifest.json');
const build = (signedInFile: string) =>
  JSON.stringify({
    'index.html': { file: 'assets/index-1.js', name: 'index', isEntry: true, imports: [] },
    '_signed-in.js': { file: `assets/${signedInFile}`, name: 'signed-in', imports: ['index.html'] },
  });

describe("the first paint's links, from the build's manifest", () => {
  it('names none without a manifest, or with one that is not JSON (a build being written)', async () => {
    expect(await firstPaintLinksFor(staticDir, '/home')).toBe('');
    mkdirSync(join(staticDir, '.vite'));
    writeFileSync(manifestPath, '{"index.html": {"fi');
    expect(await firstPaintLinksFor(staticDir, '/home')).toBe('');
  });

  it('follows a new build without a restart', async () => {
    writeFileSync(manifestPath, build('signed-in-a.js'));
    expect(await firstPaintLinksFor(staticDir, '/settings')).toBe('<link rel="modulepreload" crossorigin href="/assets/signed-in-a.js">');
    writeFileSync(manifestPath, build('signed-in-b.js'));
    expect(await firstPaintLinksFor(staticDir, '/settings?tab=1')).toBe('<link rel="modulepreload" crossorigin href="/assets/signed-in-b.js">');
  });

  it('puts them at the end of the head, as they are', () => {
    expect(withHeadLinks('<head><title>x</title></head><body></body>', '<link href="/a$&.js">')).toBe('<head><title>x</title><link href="/a$&.js"></head><body></body>');
    expect(withHeadLinks('<head></head>', '')).toBe('<head></head>');
  });
});
