import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError } from '../../../src/app/api/ApiError';
import { callApi } from '../../../src/app/api/client';
import { defineRoute, raw } from '../../../src/shared/contract/route';

const itemSchema = z.object({ rowId: z.number(), title: z.string(), isPinned: z.boolean().default(false) });

const getItem = defineRoute({
  id: 'test.get',
  method: 'GET',
  path: '/api/things/:rowId/items',
  params: z.object({ rowId: z.coerce.number() }),
  query: z.object({ from: z.string().optional(), tag: z.array(z.string()).optional() }),
  response: itemSchema,
  roles: [],
});
const createItem = defineRoute({
  id: 'test.create',
  method: 'POST',
  path: '/api/things',
  body: z.object({ title: z.string() }),
  response: itemSchema,
  roles: [],
});
const uploadItem = defineRoute({
  id: 'test.upload',
  method: 'PUT',
  path: '/api/things/upload',
  multipart: z.object({ Title: z.string() }),
  response: raw.empty,
  roles: [],
});
const removeItem = defineRoute({
  id: 'test.remove',
  method: 'DELETE',
  path: '/api/things/:rowId',
  params: z.object({ rowId: z.coerce.number() }),
  response: raw.empty,
  roles: [],
});

const fetchMock = vi.fn<typeof fetch>();

function json(body: unknown, init: ResponseInit = {}): Response {
  return new Response(JSON.stringify(body), {
    status: 200,
    ...init,
    headers: { 'Content-Type': 'application/json' },
  });
}

function lastRequest(): { url: string; init: RequestInit; headers: Headers } {
  const [url, init = {}] = fetchMock.mock.lastCall ?? [];
  return { url: String(url), init, headers: new Headers(init.headers) };
}

async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => expect.fail('expected the call to fail'),
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('document', { cookie: 'theme=Dark; XSRF-TOKEN=abc%2F123%3D; other=1' });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('callApi requests', () => {
  it('fills path params, serialises the query and sends the SPEC §7 options', async () => {
    fetchMock.mockResolvedValue(json({ rowId: 7, title: 'Seven' }));

    await callApi(getItem, { params: { rowId: 7 }, query: { from: '2025-01-02T09:00:00', tag: ['a', 'b c'] } });

    const { url, init, headers } = lastRequest();
    expect(url).toBe('/api/things/7/items?from=2025-01-02T09%3A00%3A00&tag=a&tag=b+c');
    expect(init).toMatchObject({ method: 'GET', credentials: 'include', mode: 'cors' });
    expect(init.body).toBeUndefined();
    expect(headers.get('Accept')).toBe('application/json');
    expect(headers.has('X-XSRF-TOKEN')).toBe(false);
  });

  it('encodes path params', async () => {
    fetchMock.mockResolvedValue(json({ rowId: 1, title: 'x' }));
    await callApi(getItem, { params: { rowId: 'a/b' } });
    expect(lastRequest().url).toBe('/api/things/a%2Fb/items');
  });

  it('sends a JSON body with the XSRF header read from the cookie on POST', async () => {
    fetchMock.mockResolvedValue(json({ rowId: 1, title: 'New' }));

    await callApi(createItem, { body: { title: 'New' } });

    const { init, headers } = lastRequest();
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"title":"New"}');
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(headers.get('X-XSRF-TOKEN')).toBe('abc/123=');
  });

  it('sends FormData as it is, leaving the content type to the browser', async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));
    const form = new FormData();
    form.append('Title', 'Doctor note');

    await callApi(uploadItem, { body: form });

    const { init, headers } = lastRequest();
    expect(init.method).toBe('PUT');
    expect(init.body).toBe(form);
    expect(headers.has('Content-Type')).toBe(false);
    expect(headers.get('X-XSRF-TOKEN')).toBe('abc/123=');
  });

  it('sends the XSRF header on DELETE without a body', async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));

    await expect(callApi(removeItem, { params: { rowId: 3 } })).resolves.toBeUndefined();

    const { url, init, headers } = lastRequest();
    expect(url).toBe('/api/things/3');
    expect(init.body).toBeUndefined();
    expect(headers.get('X-XSRF-TOKEN')).toBe('abc/123=');
  });

  it('omits the XSRF header when there is no cookie', async () => {
    vi.stubGlobal('document', { cookie: '' });
    fetchMock.mockResolvedValue(json({ rowId: 1, title: 'New' }));
    await callApi(createItem, { body: { title: 'New' } });
    expect(lastRequest().headers.has('X-XSRF-TOKEN')).toBe(false);
  });

  it('refuses to call a path with a missing param', async () => {
    await expect(callApi(getItem, { params: {} as { rowId: number } })).rejects.toThrow("Missing path parameter 'rowId'");
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('callApi responses', () => {
  it('parses the body with the route schema', async () => {
    fetchMock.mockResolvedValue(json({ rowId: 7, title: 'Seven', extra: true }));
    await expect(callApi(getItem, { params: { rowId: 7 } })).resolves.toEqual({ rowId: 7, title: 'Seven', isPinned: false });
  });

  it('does not read the body of a raw response', async () => {
    const response = new Response('<html></html>', { status: 200 });
    fetchMock.mockResolvedValue(response);
    await expect(callApi(removeItem, { params: { rowId: 1 } })).resolves.toBeUndefined();
    expect(response.bodyUsed).toBe(false);
  });

  it('rejects a body that breaks the contract', async () => {
    fetchMock.mockResolvedValue(json({ rowId: 'seven' }, { status: 200, statusText: 'OK' }));
    const error = await rejection(callApi(getItem, { params: { rowId: 7 } }));
    expect(error.reason).toBe('invalid-response');
    expect(error.status).toBe(200);
    expect(Object.keys(error.errors)).toEqual(['response']);
  });

  it('rejects a 2xx body that is not JSON', async () => {
    fetchMock.mockResolvedValue(new Response('<!doctype html>', { status: 200 }));
    const error = await rejection(callApi(getItem, { params: { rowId: 7 } }));
    expect(error.reason).toBe('invalid-response');
  });
});

describe('callApi errors', () => {
  it('carries the SPEC §8 error body of a failed call', async () => {
    const body = { message: 'Validation failed', errors: { title: ['Title is required'] } };
    fetchMock.mockResolvedValue(json(body, { status: 400, statusText: 'Bad Request' }));

    const error = await rejection(callApi(createItem, { body: { title: '' } }));

    expect(error).toMatchObject({
      reason: 'http',
      status: 400,
      statusText: 'Bad Request',
      message: 'Validation failed',
      errors: { title: ['Title is required'] },
    });
    expect(error.isNetworkError).toBe(false);
  });

  it('describes a failure without an error body by its status', async () => {
    fetchMock.mockResolvedValue(new Response('oops', { status: 502, statusText: 'Bad Gateway' }));
    const error = await rejection(callApi(getItem, { params: { rowId: 1 } }));
    expect(error).toMatchObject({ reason: 'http', status: 502, message: 'Code 502: Bad Gateway', errors: {} });
  });

  it('files a network failure under the network key', async () => {
    const cause = new TypeError('Failed to fetch');
    fetchMock.mockRejectedValue(cause);

    const error = await rejection(callApi(getItem, { params: { rowId: 1 } }));

    expect(error.reason).toBe('network');
    expect(error.isNetworkError).toBe(true);
    expect(error.status).toBe(0);
    expect(error.errors.network).toEqual([error.message]);
    expect(error.cause).toBe(cause);
  });

  it('passes an abort through unchanged', async () => {
    const controller = new AbortController();
    controller.abort();
    const abort = new DOMException('The operation was aborted.', 'AbortError');
    fetchMock.mockRejectedValue(abort);

    await expect(callApi(getItem, { params: { rowId: 1 }, signal: controller.signal })).rejects.toBe(abort);
    expect(lastRequest().init.signal).toBe(controller.signal);
  });
});

describe('callApi and offline behaviour (RouteDescriptor.offline)', () => {
  const markItem = defineRoute({
    id: 'test.mark',
    method: 'POST',
    path: '/api/things/mark',
    body: z.object({ rowId: z.number() }),
    response: raw.empty,
    roles: [],
    offline: 'queue',
  });

  it('fails a write that needs a connection at once while the browser is offline, sending nothing', async () => {
    vi.stubGlobal('navigator', { onLine: false });

    const error = await rejection(callApi(createItem, { body: { title: 'Notes' } }));

    expect(error.isNetworkError).toBe(true);
    expect(error.errors.network).toEqual([error.message]);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('still tries a read while the browser says offline (the answer may come from the service worker)', async () => {
    vi.stubGlobal('navigator', { onLine: false });
    fetchMock.mockResolvedValue(json({ rowId: 1, title: 'A' }));

    await expect(callApi(getItem, { params: { rowId: 1 } })).resolves.toEqual({ rowId: 1, title: 'A', isPinned: false });
  });

  it('refuses a write that queues offline: only the outbox sends it', async () => {
    await expect(callApi(markItem, { body: { rowId: 1 } })).rejects.toThrow(/test\.mark queues offline: use sendMutation/);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
