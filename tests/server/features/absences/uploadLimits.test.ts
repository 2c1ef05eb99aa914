import { systemClock } from '../../../../src/server/clock.js';
import { mkdir, mkdtemp, readdir, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { absence } from '../../../../src/shared/constants.js';
import type { AbsenceRequest } from '../../../../src/shared/contract/absences.js';
import { createTestApp, signIn, type Caller, type TestApp } from '../../../helpers/testApp.js';
import { samples } from './multipart.js';
import { openUpload } from './realSocket.js';
import { allDayFields, asRequest, categoryId, dayFromToday, file, sendForm, REQUESTS_PATH, storedUploads, type ErrorBody } from './support.js';

const KB = 1024;
const MB = 1024 * KB;
const pdfOf = (bytes: number): Buffer => Buffer.concat([samples.pdf, Buffer.alloc(bytes - samples.pdf.length, 0x20)]);
const waitFor = async (check: () => Promise<boolean>, ms: number): Promise<boolean> => {
  for (const end = Date.now() + ms; Date.now() < end; await new Promise((resolve) => setTimeout(resolve, 50))) {
    if (await check()) return true;
  }
  return check();
};

let dataDir: string;
let t: TestApp;
let illness: number;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'upload-limits-'));
  t = await createTestApp({ DATA_DIR: dataDir, UPLOAD_QUOTA_MB: '1' });
  illness = await categoryId(t, 'Illness');
});
afterAll(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

const stored = (): Promise<string[]> => storedUploads(t);
const list = async (caller: Caller): Promise<AbsenceRequest[]> =>
  (await t.app.inject({ method: 'GET', url: REQUESTS_PATH, headers: caller.headers() })).json<AbsenceRequest[]>();

describe('files per request', () => {
  it('refuses an 11th file when the request already keeps 10, counting kept ones', async () => {
    const student = await signIn(t.app, 'student');
    const day = dayFromToday(3);
    const pdfs = (from: number, count: number) => Array.from({ length: count }, (_, i) => file(`note ${from + i}.pdf`, samples.pdf));
    const created = asRequest(await sendForm(t, student, 'POST', [...allDayFields(illness, day, day), ...pdfs(1, 6)]));
    expect(created.supportingFiles).toHaveLength(6);
    const before = await stored();
    const edit = (parts: Parameters<typeof sendForm>[3]) =>
      sendForm(t, student, 'PUT', [{ name: 'RowId', value: String(created.rowId) }, ...allDayFields(illness, day, day), ...parts]);

    const refused = await edit(pdfs(7, 5));
    expect(refused.statusCode).toBe(400);
    expect(refused.json<ErrorBody>().errors).toEqual({ supportingFiles: ['A request can have at most 10 files. Remove some before adding more.'] });
    expect(await stored()).toEqual(before);

    // Ten in all is allowed; deleting one makes room for another.
    const ten = await edit(pdfs(7, 4));
    expect(ten.statusCode).toBe(200);
    expect(asRequest(ten).supportingFiles).toHaveLength(10);
    const eleventh = await edit(pdfs(11, 1));
    expect(eleventh.statusCode).toBe(400);
    const swapped = await edit([{ name: 'SupportingFilesToDelete', value: String(created.supportingFiles[0]?.rowId) }, ...pdfs(11, 1)]);
    expect(swapped.statusCode).toBe(200);
    expect(asRequest(swapped).supportingFiles.map((f) => f.fileName)).toContain('note 11.pdf');
    expect(await stored()).toHaveLength(10);
  });
});

describe('storage quota per user (UPLOAD_QUOTA_MB=1)', () => {
  it('refuses files that would pass the quota, storing nothing, and counts deleted files as freed', async () => {
    const student = await signIn(t.app, 'student2');
    const day = dayFromToday(4);
    const first = asRequest(await sendForm(t, student, 'POST', [...allDayFields(illness, day, day), file('scan.pdf', pdfOf(600 * KB))]));
    const before = await stored();
    const requests = (await list(student)).length;

    const refused = await sendForm(t, student, 'POST', [...allDayFields(illness, day, day), file('second.pdf', pdfOf(600 * KB))]);
    expect(refused.statusCode).toBe(400);
    expect(refused.json<ErrorBody>()).toEqual({
      message: 'The absence request could not be saved.',
      errors: { supportingFiles: ['These files would bring your stored evidence to 1.2 MB, over your limit of 1 MB. Remove some files, here or from other requests, and try again.'] },
      code: 'validation',
    });
    expect(await stored()).toEqual(before);
    expect(await list(student)).toHaveLength(requests);

    // Replacing the stored file with one of the same size fits.
    const replaced = await sendForm(t, student, 'PUT', [
      { name: 'RowId', value: String(first.rowId) }, ...allDayFields(illness, day, day),
      { name: 'SupportingFilesToDelete', value: String(first.supportingFiles[0]?.rowId) }, file('second.pdf', pdfOf(600 * KB)),
    ]);
    expect(replaced.statusCode).toBe(200);
    expect(asRequest(replaced).supportingFiles.map((f) => f.fileName)).toEqual(['second.pdf']);
  });
  it("leaves out the files of requests already decided, which the student can no longer remove", async () => {
    const student = await signIn(t.app, 'student2');
    const day = dayFromToday(8);
    const full = asRequest(await sendForm(t, student, 'POST', [...allDayFields(illness, day, day), file('full.pdf', pdfOf(300 * KB))]));
    const over = await sendForm(t, student, 'POST', [...allDayFields(illness, day, day), file('over.pdf', pdfOf(300 * KB))]);
    expect(over.statusCode).toBe(400); // 600 kB kept from the test before, plus 300 kB, plus 300 kB
    await t.db.updateTable('absence_requests').set({ status: 'Approved' }).where('id', '=', full.rowId).execute();
    const accepted = await sendForm(t, student, 'POST', [...allDayFields(illness, day, day), file('after.pdf', pdfOf(300 * KB))]);
    expect(accepted.statusCode).toBe(200);
  });

  it('lets only one of two simultaneous uploads take the room that is left', async () => {
    const student = await signIn(t.app, 'student');
    const before = (await stored()).length;
    // Two different days: the same span twice would be refused as a duplicate, whatever the room.
    const responses = await Promise.all([{ name: 'one.pdf', day: dayFromToday(6) }, { name: 'two.pdf', day: dayFromToday(7) }].map(({ name, day }) =>
      sendForm(t, student, 'POST', [...allDayFields(illness, day, day), file(name, pdfOf(600 * KB))])));
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 400]);
    expect(await stored()).toHaveLength(before + 1);
  });
});

describe('files are streamed to disk', () => {
  it('writes a file while it arrives, never more than 5 MB of it, and removes it when refused', async () => {
    const student = await signIn(t.app, 'student');
    const day = dayFromToday(5);
    const boundary = 'streamboundary';
    const upload = await openUpload(t.app, student, boundary);
    const fields = allDayFields(illness, day, day).map((part) => 'value' in part ? `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n` : '');
    await upload.write(fields.join(''));
    await upload.write(`--${boundary}\r\nContent-Disposition: form-data; name="SupportingFiles"; filename="big.pdf"\r\nContent-Type: application/pdf\r\n\r\n`);
    await upload.write(pdfOf(3 * MB));

    // Before the body is complete, the file is on disk as a temporary file, not held in memory.
    const temporarySize = async (): Promise<number> => {
      const temporary = (await stored()).find((name) => name.endsWith('.tmp'));
      return temporary ? (await stat(join(dataDir, 'uploads', temporary)).catch(() => ({ size: -1 }))).size : -1;
    };
    expect(await waitFor(async () => (await temporarySize()) >= 3 * MB, 10_000)).toBe(true);

    // Past the limit the rest is dropped: the temporary file stops at exactly 5 MB.
    for (let i = 0; i < 4; i += 1) await upload.write(Buffer.alloc(MB, 0x20));
    expect(await waitFor(async () => (await temporarySize()) === absence.maxFileSizeBytes, 10_000)).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await temporarySize()).toBe(absence.maxFileSizeBytes);

    upload.request.end(`\r\n--${boundary}--\r\n`);
    const answer = await upload.answer;
    expect(answer.status).toBe(400);
    expect((JSON.parse(answer.body) as ErrorBody).errors.supportingFiles).toContain("'big.pdf' is larger than 5 MB.");
    expect((await stored()).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });
});

describe('stalled uploads', () => {
  let slow: TestApp;
  let slowDir: string;
  beforeAll(async () => {
    slowDir = await mkdtemp(join(tmpdir(), 'upload-stall-'));
    slow = await createTestApp({ DATA_DIR: slowDir, UPLOAD_IDLE_TIMEOUT_SECONDS: '2', UPLOAD_TIMEOUT_SECONDS: '4' });
  });
  afterAll(async () => {
    await slow.close();
    await rm(slowDir, { recursive: true, force: true });
  });

  const startUpload = async (boundary: string) => {
    const upload = await openUpload(slow.app, await signIn(slow.app, 'student'), boundary);
    await upload.write(`--${boundary}\r\nContent-Disposition: form-data; name="AbsenceDescription"\r\n\r\nFlu\r\n`);
    await upload.write(`--${boundary}\r\nContent-Disposition: form-data; name="SupportingFiles"; filename="a.pdf"\r\n\r\n%PDF-1.4\n`);
    return upload;
  };

  it('answers 408 and closes the connection when the body stops arriving', async () => {
    const upload = await startUpload('stallboundary');
    const answer = await upload.answer;
    expect(answer.status).toBe(408);
    expect(JSON.parse(answer.body)).toEqual({
      message: 'The upload took too long and was stopped. Please try again.',
      errors: { request: ['No data arrived for 2 s.'] },
      code: 'timeout',
    });
    await answer.closed;
    expect((await readdir(join(slowDir, 'uploads')).catch(() => [])).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });

  it('answers 408 when a body trickles in for longer than the total deadline', async () => {
    const startedAt = Date.now();
    const upload = await startUpload('trickleboundary');
    let isAnswered = false;
    void upload.answer.then(() => { isAnswered = true; });
    while (!isAnswered && Date.now() - startedAt < 10_000) {
      await upload.write(' ');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const answer = await upload.answer;
    expect(answer.status).toBe(408);
    expect((JSON.parse(answer.body) as ErrorBody).errors).toEqual({ request: ['The form did not arrive within 4 s.'] });
    await answer.closed;
  });
});

describe('temporary files at start', () => {
  it('removes upload leftovers older than the upload deadline, and keeps stored files', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'upload-leftovers-'));
    const uploads = join(dir, 'uploads');
    await mkdir(uploads);
    const stale = `${'a'.repeat(32)}.0badf00d.tmp`;
    const fresh = `${'b'.repeat(32)}.0badf00d.tmp`;
    const kept = 'c'.repeat(32);
    for (const name of [stale, fresh, kept]) await writeFile(join(uploads, name), 'x');
    // File ages are real elapsed time (housekeeping.jobs.ts), so every time stamp is set here from
    // the clock the server compares them with (systemClock); the kernel's own, written at creation,
    // may differ from it (a process under libfaketime).
    const now = systemClock.nowMs();
    const hourAgo = new Date(now - 3_600_000);
    await utimes(join(uploads, fresh), new Date(now), new Date(now));
    await utimes(join(uploads, stale), hourAgo, hourAgo);
    await utimes(join(uploads, kept), hourAgo, hourAgo);

    const started = await createTestApp({ DATA_DIR: dir });
    try {
      expect((await readdir(uploads)).sort()).toEqual([fresh, kept].sort());
    } finally {
      await started.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
