import { render, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { StatusFeedController } from '../../../../src/app/features/serviceStatus/StatusFeedController';
import { connectStatusFeed } from '../../../../src/app/features/serviceStatus/statusConnection';
import { emitBeforeUpdate } from '../../../../src/app/sw/workerEvents';

vi.mock('../../../../src/app/features/serviceStatus/statusConnection', () => ({ connectStatusFeed: vi.fn() }));
const connectMock = vi.mocked(connectStatusFeed);

describe('the status feed around an update (SPEC §4)', () => {
  it('is stopped before the page hands over to a new version', async () => {
    const stop = vi.fn(async () => {});
    connectMock.mockResolvedValue({ stop });
    const view = render(<StatusFeedController />);
    await waitFor(() => expect(connectMock).toHaveBeenCalledTimes(1));
    expect(stop).not.toHaveBeenCalled();

    emitBeforeUpdate();

    await waitFor(() => expect(stop).toHaveBeenCalledTimes(1));
    view.unmount();
    expect(connectMock).toHaveBeenCalledTimes(1);
  });
});
