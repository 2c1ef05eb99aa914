import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { captureLog } from '../../../helpers/captureLog.js';
import { createTestApp, signIn, type Caller, type TestApp } from '../../../helpers/testApp.js';
import { samples } from './multipart.js';
import { REQUESTS_PATH, type ErrorBody } from './support.js';

let dataDir: string;
let t: TestApp;
let student: Caller;
/** What the server's logger wrote (tests/helpers/captureLog.ts); emptied by the tests that read it. */
let logged: string[] = [];

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'malformed-multipart-'));
  t = await createTestApp({ DATA_DIR: dataDir, LOG_LEVEL: 'error' });
  student = await signIn(t.app, 'student');
  logged = captureLog(t.app);
});
afterAll(async () => {
  vi.restoreAllMocks();
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

const B = 'malformedboundary';
const field = (name: string, value: string): string => `--${B}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
const filePart = (name: string, bytes: Buffer): Buffer => Buffer.concat([
  Buffer.from(`--${B}\r\nContent-Disposition: form-data; name="SupportingFiles"; filename="${name}"\r\nContent-Type: application/pdf\r\n\r\n`),
  bytes, Buffer.from('\r\n'),
]);
const send = (payload: string | Buffer, contentType = `multipart/form-data; boundary=${B}`) =>
  t.app.inject({ method: 'POST', url: REQUESTS_PATH, headers: { ...student.headers(), 'content-type': contentType }, payload });

describe('the logger capture', () => {
  it('sees what the server logs as an error', () => {
    logged.length = 0;
    t.app.log.error(new Error('capture probe'), 'probe');
    expect(logged.join('')).toContain('capture probe');
  });
});

describe('malformed multipart is a 400 in the SPEC §8 shape, never a 500, and logs nothing', () => {
  it.each<[string, string | Buffer, string | undefined, number, string]>([
    ['no closing boundary', `${field('AbsenceDescription', 'Flu')}${field('StudentId', 'S1')}`, undefined, 400, 'The form ended before its closing boundary.'],
    ['a file part cut short', Buffer.concat([Buffer.from(field('AbsenceDescription', 'Flu')), filePart('a.pdf', samples.pdf).subarray(0, 150)]), undefined, 400, 'The form ended before its closing boundary.'],
    ['no boundary at all', `${field('AbsenceDescription', 'Flu')}--${B}--\r\n`, 'multipart/form-data', 400, 'The multipart boundary is missing.'],
    ['truncated part headers', `--${B}\r\nContent-Disposition: form-da`, undefined, 400, 'The form ended before its closing boundary.'],
    ['a field over 16 kB', `${field('AbsenceDescription', 'x'.repeat(17 * 1024))}--${B}--\r\n`, undefined, 400, 'A form field is longer than 16 kB.'],
    ['too many fields', `${Array.from({ length: 25 }, (_, i) => field(`f${i}`, 'x')).join('')}--${B}--\r\n`, undefined, 400, 'The form has too many fields.'],
    ['a prototype field name', `${field('__proto__', 'x')}--${B}--\r\n`, undefined, 400, 'A field name is not allowed.'],
    ['a JSON body', '{"AbsenceDescription":"Flu"}', 'application/json', 400, 'Expected multipart/form-data'],
    ['a plain text body', 'AbsenceDescription=Flu', 'text/plain', 400, 'Expected multipart/form-data'],
    // No parser knows these types: Fastify refuses them for every route, before the handler.
    ['a urlencoded body', 'AbsenceDescription=Flu', 'application/x-www-form-urlencoded', 415, 'Unsupported Media Type'],
    ['multipart/mixed', `${field('AbsenceDescription', 'Flu')}--${B}--\r\n`, `multipart/mixed; boundary=${B}`, 415, 'Unsupported Media Type'],
  ])('%s', async (_name, payload, contentType, status, reason) => {
    logged.length = 0;
    const response = await send(payload, contentType);
    expect(response.statusCode).toBe(status);
    const body = response.json<ErrorBody>();
    expect(typeof body.message).toBe('string');
    expect(body.errors).toEqual({ request: [reason] });
    expect(logged.join('')).toBe('');
    expect((await readdir(join(dataDir, 'uploads')).catch(() => [])).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });

  it('refuses more than 10 files in one form, keeping none of them', async () => {
    logged.length = 0;
    const files = Array.from({ length: 11 }, (_, i) => filePart(`n${i}.pdf`, samples.pdf));
    const response = await send(Buffer.concat([...files, Buffer.from(`--${B}--\r\n`)]));
    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorBody>().errors).toEqual({ supportingFiles: ['At most 10 files can be sent at once.'] });
    expect(logged.join('')).toBe('');
    expect(await readdir(join(dataDir, 'uploads')).catch(() => [])).toEqual([]);
  });
});
