import { afterEach, describe, expect, it, vi } from 'vitest';
import { checkCampusNetwork, eduroamMessage, networkCheckTexts } from '../../../../src/app/features/attendance/networkCheck';

function answer(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('checkCampusNetwork', () => {
  it('asks the network status with a cache-buster and reads connected', async () => {
    const fetch = vi.fn(async () => answer({ connected: true }));
    vi.stubGlobal('fetch', fetch);
    expect(await checkCampusNetwork()).toBe('connected');
    expect(String(fetch.mock.calls[0]?.[0 as never])).toMatch(/\/api\/attendance\/networkstatus\?cache-buster=\d+$/);
  });

  it('says off campus with the SPEC eduroam message', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => answer({ connected: false })));
    expect(await checkCampusNetwork()).toBe('notConnected');
    expect(networkCheckTexts.notConnected.title).toBe('You do not appear to be connected to the eduroam network.');
    expect(eduroamMessage).toBe(networkCheckTexts.notConnected.title);
  });

  it('says offline when there is no answer, and failed on an error answer', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => { throw new TypeError('Failed to fetch'); }));
    expect(await checkCampusNetwork()).toBe('offline');
    vi.stubGlobal('fetch', vi.fn(async () => answer({ message: 'Boom', errors: {} }, 500)));
    expect(await checkCampusNetwork()).toBe('failed');
  });

  it('says offline without asking when the browser knows it is offline', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    vi.stubGlobal('navigator', { onLine: false });
    expect(await checkCampusNetwork()).toBe('offline');
    expect(fetch).not.toHaveBeenCalled();
  });
});
