import { afterEach, describe, expect, it, vi } from 'vitest';

/** Each test gets fresh module state: the handler runs at most once per page. */
async function load() {
  vi.resetModules();
  const revoked = await import('../../../src/app/api/sessionRevoked');
  const request = await import('../../../src/app/api/request');
  return { ...revoked, ...request };
}

const answer = (headers: Record<string, string> = {}) => new Response('{}', { status: 401, headers });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('a session ended on another device', () => {
  it('runs the registered handler once when an answer carries X-Session-Revoked: 1', async () => {
    const { onSessionRevoked, reportingFetch } = await load();
    const handler = vi.fn();
    onSessionRevoked(handler);
    vi.stubGlobal('fetch', vi.fn(async () => answer({ 'X-Session-Revoked': '1' })));
    await reportingFetch('/api/user/info');
    await reportingFetch('/api/timetable');
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it('ignores answers without the mark', async () => {
    const { onSessionRevoked, reportingFetch } = await load();
    const handler = vi.fn();
    onSessionRevoked(handler);
    vi.stubGlobal('fetch', vi.fn(async () => answer()));
    await reportingFetch('/api/user/info');
    vi.stubGlobal('fetch', vi.fn(async () => answer({ 'X-Session-Revoked': '0' })));
    await reportingFetch('/api/user/info');
    expect(handler).not.toHaveBeenCalled();
  });

  it('remembers a mark that arrived before anything was registered', async () => {
    const { onSessionRevoked, reportingFetch } = await load();
    vi.stubGlobal('fetch', vi.fn(async () => answer({ 'X-Session-Revoked': '1' })));
    await reportingFetch('/api/antiforgerytoken');
    const handler = vi.fn();
    onSessionRevoked(handler);
    expect(handler).toHaveBeenCalledTimes(1);
  });
});
