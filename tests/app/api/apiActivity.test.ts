import { describe, expect, it, vi } from 'vitest';
import { onApiActivity, reportApiActivity } from '../../../src/app/api/apiActivity';

const response = { url: '/api/timetable', ok: true, status: 200 };

describe('API activity', () => {
  it('reaches every listener until it unsubscribes', () => {
    const first = vi.fn();
    const second = vi.fn();
    const stopFirst = onApiActivity(first);
    const stopSecond = onApiActivity(second);
    reportApiActivity(response);
    stopFirst();
    reportApiActivity(response);
    stopSecond();
    expect(first).toHaveBeenCalledTimes(1);
    expect(second).toHaveBeenCalledTimes(2);
    expect(first).toHaveBeenCalledWith(response);
  });

  it('keeps going when a listener throws', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const after = vi.fn();
    const stopBroken = onApiActivity(() => {
      throw new Error('broken');
    });
    const stopAfter = onApiActivity(after);
    expect(() => reportApiActivity(response)).not.toThrow();
    expect(after).toHaveBeenCalledOnce();
    stopBroken();
    stopAfter();
    log.mockRestore();
  });
});
