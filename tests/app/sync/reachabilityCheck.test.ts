import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isServerReachable, reportServerReachable } from '../../../src/app/sync/connectivity';
import { checkIntervalMs } from '../../../src/app/sync/reachability.machine';
import { startReachabilityCheck } from '../../../src/app/sync/reachabilityCheck';

/** The page's document as far as the check reads it: its visibility, and its change event. */
function fakePage() {
  const target = new EventTarget();
  const page = {
    visibilityState: 'visible' as DocumentVisibilityState,
    addEventListener: target.addEventListener.bind(target),
    removeEventListener: target.removeEventListener.bind(target),
    show(state: DocumentVisibilityState) {
      page.visibilityState = state;
      target.dispatchEvent(new Event('visibilitychange'));
    },
  };
  return page;
}

let page: ReturnType<typeof fakePage>;
let fetch: ReturnType<typeof vi.fn>;

beforeEach(() => {
  vi.useFakeTimers({ now: 0 });
  page = fakePage();
  fetch = vi.fn().mockResolvedValue(new Response('{}'));
  vi.stubGlobal('document', page);
  vi.stubGlobal('fetch', fetch);
  vi.stubGlobal('navigator', { onLine: true });
  reportServerReachable(true);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  reportServerReachable(true);
});

describe('the page side of the reachability check', () => {
  it('asks the public health probe without the session cookie, and reports what it finds', async () => {
    const stop = startReachabilityCheck(reportServerReachable);
    fetch.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await vi.advanceTimersByTimeAsync(checkIntervalMs);
    expect(fetch).toHaveBeenCalledWith('/api/health', expect.objectContaining({ credentials: 'omit', cache: 'no-store' }));
    expect(isServerReachable()).toBe(false);
    await vi.advanceTimersByTimeAsync(checkIntervalMs);
    expect(isServerReachable()).toBe(true);
    stop();
  });

  it('follows the page: nothing while hidden (or prerendering), at once when visible', async () => {
    page.visibilityState = 'hidden';
    const stop = startReachabilityCheck(reportServerReachable);
    await vi.advanceTimersByTimeAsync(checkIntervalMs * 10);
    expect(fetch).not.toHaveBeenCalled();
    page.show('visible');
    await vi.advanceTimersByTimeAsync(0);
    expect(fetch).toHaveBeenCalledTimes(1);
    page.show('hidden');
    await vi.advanceTimersByTimeAsync(checkIntervalMs * 10);
    expect(fetch).toHaveBeenCalledTimes(1);
    stop();
    page.show('visible');
    await vi.advanceTimersByTimeAsync(checkIntervalMs * 10);
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});
