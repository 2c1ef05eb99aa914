import { render, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { StatusFeedController } from '../../../../src/app/features/serviceStatus/StatusFeedController';
import { connectStatusFeed } from '../../../../src/app/features/serviceStatus/statusConnection';
import { emitBeforeUpdate } from '../../../../src/app/sw/workerEvents';

vi.mock('../../../../src/app/features/serviceStatus/statusConnection', () => ({ connectStatusFeed: vi.fn() }));
const connectMock = vi.mocked(connectStatusFeed);

describe('the status feed around an update (SPEC §4)', () => {
  it('is stopped before the page hands over to a new version, which waits until it has closed', async () => {
    let closed: () => void = () => {};
    const closing = new Promise<void>((resolve) => (closed = resolve));
    const stop = vi.fn(() => closing);
    connectMock.mockResolvedValue({ stop });
    const view = render(<StatusFeedController />);
    await waitFor(() => expect(connectMock).toHaveBeenCalledTimes(1));
    expect(stop).not.toHaveBeenCalled();

    let isQuiet = false;
    void emitBeforeUpdate().then(() => (isQuiet = true));

    await waitFor(() => expect(stop).toHaveBeenCalled());
    await Promise.resolve();
    expect(isQuiet).toBe(false);
    closed();
    await waitFor(() => expect(isQuiet).toBe(true));
    view.unmount();
    expect(connectMock).toHaveBeenCalledTimes(1);
  });
});
