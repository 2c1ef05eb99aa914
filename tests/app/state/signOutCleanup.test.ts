import { describe, expect, it, vi } from 'vitest';
import { registerSignOutCleanup, runSignOutCleanups } from '../../../src/app/state/signOutCleanup';

describe('sign-out cleanups', () => {
  it('runs every registered cleanup and waits for them', async () => {
    const order: string[] = [];
    const stopSync = registerSignOutCleanup(() => void order.push('sync'));
    const stopAsync = registerSignOutCleanup(async () => {
      await Promise.resolve();
      order.push('async');
    });
    await runSignOutCleanups();
    expect(order.sort()).toEqual(['async', 'sync']);
    stopSync();
    stopAsync();
  });

  it('runs the others and resolves when one fails', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const other = vi.fn();
    const stopFailing = registerSignOutCleanup(() => Promise.reject(new Error('blocked')));
    const stopOther = registerSignOutCleanup(other);
    await expect(runSignOutCleanups()).resolves.toBeUndefined();
    expect(other).toHaveBeenCalledOnce();
    expect(log).toHaveBeenCalledOnce();
    stopFailing();
    stopOther();
    log.mockRestore();
  });

  it('forgets a cleanup once unregistered', async () => {
    const cleanup = vi.fn();
    registerSignOutCleanup(cleanup)();
    await runSignOutCleanups();
    expect(cleanup).not.toHaveBeenCalled();
  });
});
