import { describe, expect, it } from 'vitest';
import { safeMessage } from '../../../src/server/jobs/jobQueue.js';

describe('safeMessage', () => {
  it('reads errors and the plain copies pg-boss reports for its workers, without URLs', () => {
    expect(safeMessage(new Error('push to https://fcm.googleapis.com/fcm/send/abc failed'))).toBe('push to <url> failed');
    expect(safeMessage({ message: 'Connection terminated unexpectedly (Queue: push, Worker: 1)', queue: 'push' })).toBe('Connection terminated unexpectedly (Queue: push, Worker: 1)');
    expect(safeMessage(Object.assign(new AggregateError([], ''), { code: 'ECONNREFUSED' }))).toBe('ECONNREFUSED');
    expect(safeMessage(42)).toBe('unknown error');
  });
});
