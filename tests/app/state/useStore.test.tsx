import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createStore } from '../../../src/app/state/createStore';
import { useStore } from '../../../src/app/state/useStore';

describe('useStore', () => {
  it('renders the current value and re-renders on each change, and stops listening on unmount', () => {
    let stops = 0;
    const count = createStore(1, {
      name: 'count',
      whileObserved: () => () => {
        stops += 1;
      },
    });
    function Count() {
      return <p>Count {useStore(count)}</p>;
    }
    const { unmount } = render(<Count />);
    expect(screen.getByText('Count 1')).toBeInTheDocument();
    act(() => count.set(2));
    expect(screen.getByText('Count 2')).toBeInTheDocument();
    unmount();
    expect(stops).toBe(1);
  });
});
