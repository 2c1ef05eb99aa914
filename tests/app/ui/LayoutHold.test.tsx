import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { HoldLayoutWhile, isAwaitingData, useHoldLayout } from '../../../src/app/ui/layoutHold/holdContext';
import { LayoutHold } from '../../../src/app/ui/layoutHold/LayoutHold';

/** Lets the hold's frame callback (and React's updates from it) run. */
async function nextFrames(): Promise<void> {
  await act(async () => {
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  });
}

/** A part whose data arrives when the test says so. */
function Part({ label, arrived }: { readonly label: string; readonly arrived: boolean }) {
  useHoldLayout(!arrived);
  return <p>{arrived ? `${label} content` : `${label} loading`}</p>;
}

function Page({ first, second }: { readonly first: boolean; readonly second: boolean }) {
  return (
    <LayoutHold skeleton={<p>skeleton</p>}>
      <Part label="first" arrived={first} />
      <Part label="second" arrived={second} />
    </LayoutHold>
  );
}

describe('LayoutHold', () => {
  it('shows the skeleton, with the content out of the layout, until every part has arrived, then the content at once', async () => {
    const { rerender } = render(<Page first={false} second={false} />);
    expect(screen.getByText('skeleton')).toBeTruthy();
    // Mounted (its data loads) but hidden.
    expect(screen.getByText('first loading').closest('.layout-hold')?.hasAttribute('hidden')).toBe(true);

    rerender(<Page first second={false} />);
    await nextFrames();
    expect(screen.getByText('skeleton')).toBeTruthy();
    expect(screen.getByText('first content').closest('.layout-hold')?.hasAttribute('hidden')).toBe(true);

    rerender(<Page first second />);
    await nextFrames();
    expect(screen.queryByText('skeleton')).toBeNull();
    expect(screen.getByText('second content').closest('.layout-hold')?.hasAttribute('hidden')).toBe(false);

    // Once shown it stays shown: a part loading again updates in place.
    rerender(<Page first={false} second />);
    await nextFrames();
    expect(screen.queryByText('skeleton')).toBeNull();
    expect(screen.getByText('first loading').closest('.layout-hold')?.hasAttribute('hidden')).toBe(false);
  });

  it('shows content that has nothing to wait for without keeping the skeleton', async () => {
    render(
      <LayoutHold skeleton={<p>skeleton</p>}>
        <HoldLayoutWhile isLoading={false} />
        <p>ready</p>
      </LayoutHold>,
    );
    await nextFrames();
    expect(screen.queryByText('skeleton')).toBeNull();
    expect(screen.getByText('ready').closest('.layout-hold')?.hasAttribute('hidden')).toBe(false);
  });

  it('counts a resource as awaited only while nothing is cached and no fetch has failed', () => {
    expect(isAwaitingData({ data: undefined, error: undefined })).toBe(true);
    expect(isAwaitingData({ data: [], error: undefined })).toBe(false);
    expect(isAwaitingData({ data: undefined, error: new Error('offline') })).toBe(false);
    // A check that ended with nothing stored (an answer for another user, a full disk) is not awaited either.
    expect(isAwaitingData({ data: undefined, error: undefined, hasSettled: true })).toBe(false);
    expect(isAwaitingData({ data: undefined, error: undefined, hasSettled: false })).toBe(true);
  });
});
