import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../../src/app/api/ApiError';
import { sendAbsence } from '../../../../src/app/features/absences/absenceUpload';
import type { AbsenceSubmission } from '../../../../src/app/features/absences/absenceForm';
import { onApiActivity, type ApiActivity } from '../../../../src/app/api/apiActivity';
import { makeFile, makeRequest } from './fixtures';

/**
 * A stand-in for the browser's XMLHttpRequest (Node has none): it records what the code under test
 * sends, and the test plays the network's part through `respond`, `progress` and `fail`.
 */
class FakeXhr {
  static last: FakeXhr | undefined;
  method = '';
  url = '';
  withCredentials = false;
  headers = new Map<string, string>();
  body: unknown;
  status = 0;
  statusText = '';
  responseText = '';
  responseURL = '';
  private readonly listeners = new Map<string, ((event: unknown) => void)[]>();
  private readonly uploadListeners = new Map<string, ((event: unknown) => void)[]>();
  readonly upload = {
    addEventListener: (type: string, listener: (event: unknown) => void) => {
      this.uploadListeners.set(type, [...(this.uploadListeners.get(type) ?? []), listener]);
    },
  };

  constructor() {
    FakeXhr.last = this;
  }

  open(method: string, url: string): void {
    this.method = method;
    this.url = url;
  }

  setRequestHeader(name: string, value: string): void {
    this.headers.set(name, value);
  }

  addEventListener(type: string, listener: (event: unknown) => void): void {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }

  send(body: unknown): void {
    this.body = body;
  }

  abort(): void {
    this.emit('abort');
  }

  progress(loaded: number, total: number): void {
    for (const listener of this.uploadListeners.get('progress') ?? []) listener({ lengthComputable: true, loaded, total });
  }

  respond(status: number, statusText: string, body: unknown): void {
    this.status = status;
    this.statusText = statusText;
    this.responseText = JSON.stringify(body);
    this.responseURL = `https://campus.example.ac.uk${this.url}`;
    this.emit('load');
  }

  fail(): void {
    this.emit('error');
  }

  private emit(type: string): void {
    for (const listener of this.listeners.get(type) ?? []) listener({});
  }
}

const submission: AbsenceSubmission = {
  mode: 'create',
  rowId: undefined,
  studentId: 'S2400001',
  categoryRowId: 1,
  range: { start: '2025-11-20T00:00:00', end: '2025-11-21T00:00:00' },
  description: '',
  files: [makeFile()],
  filesToDelete: [],
};

const current = (): FakeXhr => {
  if (!FakeXhr.last) throw new Error('No request was made');
  return FakeXhr.last;
};

beforeEach(() => {
  FakeXhr.last = undefined;
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  vi.stubGlobal('document', { cookie: 'XSRF-TOKEN=abc%2F123%3D' });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('sendAbsence', () => {
  it('POSTs the multipart form with credentials, JSON Accept and the XSRF header, reporting progress', async () => {
    const progress: number[] = [];
    const activity: ApiActivity[] = [];
    const stop = onApiActivity((seen) => activity.push(seen));
    const sent = sendAbsence(submission, { onProgress: (fraction) => progress.push(fraction) });
    const xhr = current();
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/attendance/absences/requests');
    expect(xhr.withCredentials).toBe(true);
    expect(xhr.headers.get('Accept')).toBe('application/json');
    expect(xhr.headers.get('X-XSRF-TOKEN')).toBe('abc/123=');
    expect(xhr.body).toBeInstanceOf(FormData);
    expect((xhr.body as FormData).get('AbsenceStart')).toBe('2025-11-20T00:00:00');

    xhr.progress(50, 200);
    xhr.progress(200, 200);
    const created = makeRequest({ rowId: 99 });
    xhr.respond(200, 'OK', created);
    await expect(sent).resolves.toEqual(created);
    expect(progress).toEqual([0, 0.25, 1]);
    expect(activity).toEqual([{ url: 'https://campus.example.ac.uk/api/attendance/absences/requests', ok: true, status: 200 }]);
    stop();
  });

  it('sends the submit\'s Idempotency-Key, so the server recognises a retry of it', async () => {
    const sent = sendAbsence(submission, { idempotencyKey: 'submit-7' });
    expect(current().headers.get('Idempotency-Key')).toBe('submit-7');
    current().respond(200, 'OK', makeRequest({ rowId: 99 }));
    await expect(sent).resolves.toMatchObject({ rowId: 99 });
  });

  it('PUTs an update', async () => {
    const sent = sendAbsence({ ...submission, mode: 'edit', rowId: 42 });
    expect(current().method).toBe('PUT');
    expect((current().body as FormData).get('RowId')).toBe('42');
    current().respond(200, 'OK', makeRequest());
    await expect(sent).resolves.toMatchObject({ rowId: 42 });
  });

  it('rejects with the SPEC §8 error of a refusal', async () => {
    const sent = sendAbsence(submission);
    current().respond(400, 'Bad Request', { message: 'One or more fields are invalid.', errors: { supportingFiles: ["'x.pdf' is larger than 5 MB."] } });
    const error = await sent.catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ reason: 'http', status: 400, errors: { supportingFiles: ["'x.pdf' is larger than 5 MB."] } });
  });

  it('rejects an answer the contract does not describe', async () => {
    const sent = sendAbsence(submission);
    current().respond(200, 'OK', { rowId: 'not a number' });
    await expect(sent).rejects.toMatchObject({ reason: 'invalid-response' });
  });

  it('rejects with a network error when there is no answer at all', async () => {
    const sent = sendAbsence(submission);
    current().fail();
    const error = await sent.catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).isNetworkError).toBe(true);
    expect((error as ApiError).errors.network).toBeDefined();
  });

  it('aborts with the signal', async () => {
    const controller = new AbortController();
    const sent = sendAbsence(submission, { signal: controller.signal });
    controller.abort();
    await expect(sent).rejects.toMatchObject({ name: 'AbortError' });
  });
});
