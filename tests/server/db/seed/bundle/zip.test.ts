import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import { BUNDLE_ENTRY_NAMES, type Bundle, generateDemoBundle, writeBundleZip } from '../../../../../src/server/db/seed/bundle/index.js';
import { manifestOf, parseBundle, textOf } from './bundleTestKit.js';

/** Every entry of a zip with its text, read with yauzl (as the import reads a bundle). */
function readZip(path: string): Promise<Map<string, string>> {
  return new Promise((resolve, reject) => {
    yauzl.open(path, { lazyEntries: true }, (openError, zip) => {
      if (openError) return reject(openError);
      const entries = new Map<string, string>();
      zip.on('error', reject);
      zip.on('end', () => resolve(entries));
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError) return reject(streamError);
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('error', reject);
          stream.on('end', () => {
            entries.set(entry.fileName, Buffer.concat(chunks).toString('utf8'));
            zip.readEntry();
          });
        });
      });
      zip.readEntry();
    });
  });
}

const today = new Date('2026-10-05T08:55:00+01:00');
let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'demo-bundle-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('writeBundleZip', () => {
  it('writes a zip that holds exactly the manifest and the files it names, each with the generated text', async () => {
    const bundle = generateDemoBundle(today);
    const path = join(dir, 'demo.zip');
    await writeBundleZip(bundle, path);
    const entries = await readZip(path);
    const { files } = manifestOf(parseBundle(bundle).rows);
    expect([...entries.keys()].sort()).toEqual(['manifest.csv', ...files].sort());
    for (const name of BUNDLE_ENTRY_NAMES) expect(entries.get(name), name).toBe(textOf(bundle[name]));
    // Non-ASCII text (a cohort name with an accent) survives the round trip.
    expect(entries.get('users.csv')).toMatch(/Tomás|O'Brien/);
  });

  it('writes the same bytes for the same bundle and time', async () => {
    const first = join(dir, 'first.zip');
    const second = join(dir, 'second.zip');
    await writeBundleZip(generateDemoBundle(today), first, { mtime: today });
    await writeBundleZip(generateDemoBundle(today), second, { mtime: today });
    expect((await readFile(first)).equals(await readFile(second))).toBe(true);
  });

  it('fails, without crashing the process, when a file cannot be generated', async () => {
    const broken: Bundle = {
      ...generateDemoBundle(today),
      'users.csv': {
        *[Symbol.iterator]() {
          yield 'sourcedId\r\n';
          throw new Error('no users today');
        },
      },
    };
    await expect(writeBundleZip(broken, join(dir, 'broken.zip'))).rejects.toThrow('no users today');
  });
});
