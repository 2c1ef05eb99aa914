import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hostileUploads, wordParts, zip } from '../../../fixtures/uploads/corpus.js';
import { createTestApp, signIn, type Caller, type TestApp } from '../../../helpers/testApp.js';
import { allDayFields, asRequest, categoryId, dayFromToday, file, sendForm, REQUESTS_PATH, storedUploads, type ErrorBody } from './support.js';

const corpus = join(import.meta.dirname, '../../../fixtures/uploads');
let dataDir: string;
let t: TestApp;
let student: Caller;
let illness: number;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'upload-corpus-'));
  t = await createTestApp({ DATA_DIR: dataDir });
  student = await signIn(t.app, 'student');
  illness = await categoryId(t, 'Illness');
});
afterAll(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

const stored = (): Promise<string[]> => storedUploads(t);
const requestCount = async (): Promise<number> =>
  (await t.app.inject({ method: 'GET', url: REQUESTS_PATH, headers: student.headers() })).json<unknown[]>().length;

describe('the hostile upload corpus (tests/fixtures/uploads)', () => {
  it('is what generate.ts writes', async () => {
    expect((await readdir(corpus)).filter((name) => !name.endsWith('.ts')).sort()).toEqual(hostileUploads.map((upload) => upload.file).sort());
    for (const upload of hostileUploads) expect((await readFile(join(corpus, upload.file))).equals(upload.bytes()), upload.file).toBe(true);
  });

  it.each(hostileUploads.map((upload) => [upload.file, upload] as const))('refuses %s, storing nothing', async (name, upload) => {
    const before = await requestCount();
    const day = dayFromToday(2);
    const bytes = await readFile(join(corpus, name));
    const response = await sendForm(t, student, 'POST', [...allDayFields(illness, day, day, upload.why.slice(0, 200)), file(name, bytes, upload.declaredType)]);
    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorBody>().errors.supportingFiles).toContain(`'${name}' is not a PDF, DOCX, EML or image file.`);
    expect(await stored()).toEqual([]);
    expect(await requestCount()).toBe(before);
  });

  it('still accepts an ordinary deflated Word document with a 1.5 MB main part', async () => {
    const paragraphs = Array.from({ length: 20_000 }, (_, i) => `<w:p><w:r><w:t>Paragraph ${i}: seen by Dr ${(i * 7919) % 1000} on day ${i % 31}.</w:t></w:r></w:p>`).join('');
    const document = zip(wordParts.map((part) => part.name === 'word/document.xml'
      ? { name: part.name, data: Buffer.from(`<w:document><w:body>${paragraphs}</w:body></w:document>`), deflate: true }
      : { ...part, deflate: true }));
    const day = dayFromToday(2);
    const response = await sendForm(t, student, 'POST', [...allDayFields(illness, day, day), file('letter.docx', document)]);
    expect(response.statusCode).toBe(200);
    expect(asRequest(response).supportingFiles.map((f) => f.fileName)).toEqual(['letter.docx']);
  });
});
