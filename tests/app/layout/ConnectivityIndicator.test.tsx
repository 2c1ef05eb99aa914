import { render, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConnectivityIndicator } from '../../../src/app/layout/ConnectivityIndicator';
import { startReachabilityCheck } from '../../../src/app/sync/reachabilityCheck';
import { whenFirstContentShown } from '../../../src/app/ui/layoutHold/firstContent';
import { emitBeforeUpdate } from '../../../src/app/sw/workerEvents';

vi.mock('../../../src/app/sync/reachabilityCheck', () => ({ startReachabilityCheck: vi.fn() }));
vi.mock('../../../src/app/ui/layoutHold/firstContent', () => ({ whenFirstContentShown: vi.fn() }));
const startMock = vi.mocked(startReachabilityCheck);
const firstContentMock = vi.mocked(whenFirstContentShown);

afterEach(() => {
  vi.clearAllMocks();
});

describe('the header reachability check around an update (SPEC §4)', () => {
  it('stops for good before the page hands over to a new version', async () => {
    const stop = vi.fn();
    startMock.mockReturnValue(stop);
    firstContentMock.mockResolvedValue(undefined);
    const view = render(<ConnectivityIndicator />);
    await waitFor(() => expect(startMock).toHaveBeenCalledTimes(1));

    await emitBeforeUpdate();

    expect(stop).toHaveBeenCalled();
    view.unmount();
    expect(startMock).toHaveBeenCalledTimes(1);
  });

  it('never starts when the hand-over began before the check had loaded', async () => {
    let showFirstContent: () => void = () => {};
    firstContentMock.mockReturnValue(new Promise<void>((resolve) => (showFirstContent = resolve)));
    const view = render(<ConnectivityIndicator />);

    await emitBeforeUpdate();
    showFirstContent();

    // The check's module is imported once the first content shows: wait for that import to settle.
    await firstContentMock.mock.results[0]?.value;
    await vi.dynamicImportSettled();
    expect(startMock).not.toHaveBeenCalled();
    view.unmount();
  });
});
