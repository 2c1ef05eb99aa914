import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type Caller, type TestApp } from '../../../helpers/testApp.js';
import { samples } from './multipart.js';
import { openUpload } from './realSocket.js';
import { allDayFields, categoryId, dayFromToday, storedUploads } from './support.js';

/**
 * An uploads folder that cannot be written, on a running server. Tests may run as root, for whom
 * a folder chmod'ed 0555 is writable all the same; so DATA_DIR itself is replaced by a regular
 * file, and every path below it (DATA_DIR/uploads included) fails with ENOTDIR, for any user.
 */

const MESSAGE = 'We could not store your file right now. Please try again later.';
const MB = 1024 * 1024;

let dataDir: string;
let t: TestApp;
let student: Caller;
let illness: number;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'upload-unwritable-'));
  t = await createTestApp({ DATA_DIR: dataDir });
  student = await signIn(t.app, 'student');
  illness = await categoryId(t, 'Illness');
});
afterAll(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

const breakDataDir = async (): Promise<void> => {
  await rm(dataDir, { recursive: true, force: true });
  await writeFile(dataDir, 'not a folder');
};
const repairDataDir = async (): Promise<void> => {
  await rm(dataDir, { force: true });
  await mkdir(dataDir);
};
const requestCount = async (): Promise<number> =>
  Number((await t.db.selectFrom('absence_requests').select(({ fn }) => fn.countAll().as('count')).executeTakeFirstOrThrow()).count);
const health = () => t.app.inject({ method: 'GET', url: '/api/health' });

describe('an uploads folder that cannot be written', () => {
  it('answers an upload 507 with the message, after reading all of its body, and keeps nothing', async () => {
    const before = { requests: await requestCount(), stored: await storedUploads(t) };
    await breakDataDir();
    try {
      const boundary = 'unwritableboundary';
      const upload = await openUpload(t.app, student, boundary);
      const day = dayFromToday(4);
      const fields = allDayFields(illness, day, day).map((part) => 'value' in part ? `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n` : '');
      await upload.write(fields.join(''));
      await upload.write(`--${boundary}\r\nContent-Disposition: form-data; name="SupportingFiles"; filename="note.pdf"\r\nContent-Type: application/pdf\r\n\r\n`);
      // Far more than the sockets buffer: a server that stopped reading would leave these unsent.
      await upload.write(samples.pdf);
      for (let i = 0; i < 4; i += 1) await upload.write(Buffer.alloc(MB, 0x20));
      await upload.write(`\r\n--${boundary}\r\nContent-Disposition: form-data; name="SupportingFiles"; filename="second.pdf"\r\n\r\n`);
      await upload.write(samples.pdf);
      upload.request.end(`\r\n--${boundary}--\r\n`);

      const answer = await upload.answer;
      expect(answer.status).toBe(507);
      expect(JSON.parse(answer.body)).toEqual({ message: MESSAGE, errors: { supportingFiles: [MESSAGE] }, code: 'insufficientStorage' });
      // The whole body was read: the connection is still fit for another request.
      expect(answer.headers.connection).not.toBe('close');
    } finally {
      await repairDataDir();
    }
    expect(await requestCount()).toBe(before.requests);
    expect(await storedUploads(t)).toEqual(before.stored);
  });

  it('makes /api/health answer 503 naming the uploads, and ok again once the folder is back', async () => {
    const good = await health();
    expect(good.statusCode).toBe(200);
    expect(good.json()).toEqual({ status: 'ok', uploads: 'ok' });

    await breakDataDir();
    try {
      const unhealthy = await health();
      expect(unhealthy.statusCode).toBe(503);
      expect(unhealthy.json()).toEqual({
        message: 'This instance cannot store uploads: its uploads folder cannot be written.',
        errors: { uploads: ['unwritable'] },
        uploads: 'unwritable',
        code: 'unavailable',
      });
    } finally {
      await repairDataDir();
    }
    // A failed probe is not remembered: the next check sees the folder back (and makes it again).
    expect((await health()).json()).toEqual({ status: 'ok', uploads: 'ok' });
  });
});
