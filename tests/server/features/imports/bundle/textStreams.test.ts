import { Readable, type Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { describe, expect, it } from 'vitest';
import { defaultBundleLimits } from '../../../../../src/server/features/imports/bundle/limits.js';
import { ProblemStop } from '../../../../../src/server/features/imports/bundle/problems.js';
import { crlfToLf, firstInvalidUtf8, inflationGuard, utf8Guard } from '../../../../../src/server/features/imports/bundle/textStreams.js';

/** Runs `chunks` through `stage` and gives back what came out. */
async function through(stage: Transform, chunks: readonly Buffer[]): Promise<Buffer> {
  const out: Buffer[] = [];
  await pipeline(Readable.from(chunks), stage, async (source: AsyncIterable<Buffer>) => {
    for await (const chunk of source) out.push(chunk);
  });
  return Buffer.concat(out);
}

/** Every way of cutting `bytes` in two, plus byte by byte. */
function cuttings(bytes: Buffer): Buffer[][] {
  const ways: Buffer[][] = [[...bytes].map((byte) => Buffer.of(byte))];
  for (let at = 0; at <= bytes.length; at += 1) ways.push([bytes.subarray(0, at), bytes.subarray(at)]);
  return ways;
}

describe('crlfToLf', () => {
  it('turns CRLF into LF however the chunks fall, and leaves a lone CR', async () => {
    const input = Buffer.from('a\r\nb\r\n\r\r\n"c\r\nd"\r');
    for (const chunks of cuttings(input)) {
      expect((await through(crlfToLf(), chunks)).toString()).toBe('a\nb\n\r\n"c\nd"\r');
    }
  });
});

describe('utf8Guard', () => {
  it('passes UTF-8 unchanged however multi-byte characters are cut', async () => {
    const input = Buffer.from('\uFEFFname\nZoë,Łódź,東京,🎓\n');
    for (const chunks of cuttings(input)) expect((await through(utf8Guard('x.csv'), chunks)).equals(input)).toBe(true);
  });

  it('names the line of the first invalid byte, however the chunks fall', async () => {
    const input = Buffer.concat([Buffer.from('one\ntwo\nthr'), Buffer.from([0xe9]), Buffer.from('e\nfour\n')]);
    for (const chunks of cuttings(input)) {
      const failure = await through(utf8Guard('x.csv'), chunks).then(() => null, (err: unknown) => err);
      expect(failure).toBeInstanceOf(ProblemStop);
      expect((failure as ProblemStop).problem).toMatchObject({ file: 'x.csv', line: 3, code: 'not_utf8' });
      expect((failure as ProblemStop).scope).toBe('file');
    }
  });

  it('refuses a file that ends inside a character', async () => {
    const failure = await through(utf8Guard('x.csv'), [Buffer.from('a\nb\n'), Buffer.from([0xe2, 0x82])]).then(() => null, (err: unknown) => err);
    expect((failure as ProblemStop).problem).toMatchObject({ line: 3, code: 'not_utf8' });
  });

  it.each([
    [[0x41, 0x80], 1], [[0xc0, 0x80], 0], [[0x41, 0xed, 0xa0, 0x80], 1], [[0xf5, 0x80, 0x80, 0x80], 0], [[0xe2, 0x28, 0xa1], 0],
    [[0xf0, 0x9f, 0x8e, 0x93], -1], [[0xe2, 0x82], -1],
  ])('firstInvalidUtf8(%j) is %i', (bytes, at) => {
    expect(firstInvalidUtf8(Uint8Array.from(bytes))).toBe(at);
  });
});

describe('inflationGuard', () => {
  const mebibyte = Buffer.alloc(1024 * 1024);

  it('lets an entry inflate to maxRatio times its compressed size', async () => {
    const out = await through(inflationGuard('a.csv', 30_000, defaultBundleLimits), [mebibyte, mebibyte]);
    expect(out.length).toBe(2 * mebibyte.length);
  });

  it('stops the bundle once an entry inflates past the ratio, whatever its header said', async () => {
    const failure = await through(inflationGuard('a.csv', 10_000, defaultBundleLimits), [mebibyte, mebibyte]).then(() => null, (err: unknown) => err);
    expect(failure).toBeInstanceOf(ProblemStop);
    expect((failure as ProblemStop).problem).toMatchObject({ file: 'a.csv', code: 'zip_bomb' });
    expect((failure as ProblemStop).scope).toBe('bundle');
  });

  it('stops the bundle past maxEntryBytes', async () => {
    const failure = await through(inflationGuard('a.csv', 1_000_000, { ...defaultBundleLimits, maxEntryBytes: 1_500_000 }), [mebibyte, mebibyte])
      .then(() => null, (err: unknown) => err);
    expect((failure as ProblemStop).problem.code).toBe('zip_bomb');
  });
});
