import { act, render } from '@testing-library/react';
import { StrictMode, useEffect } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { firstContentStore, layoutRendered, resetFirstContent, whenFirstContentShown } from '../../../src/app/ui/layoutHold/firstContent';
import { useHoldLayout } from '../../../src/app/ui/layoutHold/holdContext';
import { LayoutHold } from '../../../src/app/ui/layoutHold/LayoutHold';

/** Lets the hold's frame callback (and React's updates from it) run. */
async function nextFrames(): Promise<void> {
  await act(async () => {
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  });
}

function Part({ arrived }: { readonly arrived: boolean }) {
  useHoldLayout(!arrived);
  return <p>{arrived ? 'content' : 'loading'}</p>;
}

/** As the signed-in layout does: reports its first render after the page's own effects. */
function Layout({ children }: { readonly children: React.ReactNode }) {
  useEffect(layoutRendered, []);
  return <>{children}</>;
}

afterEach(resetFirstContent);

describe('first content', () => {
  it('waits for a page’s layout hold to show its content, then stays shown', async () => {
    let isResolved = false;
    void whenFirstContentShown().then(() => {
      isResolved = true;
    });
    const page = (arrived: boolean) => (
      <Layout>
        <LayoutHold skeleton={<p>skeleton</p>}>
          <Part arrived={arrived} />
        </LayoutHold>
      </Layout>
    );
    const { rerender } = render(page(false));
    await nextFrames();
    expect(firstContentStore.get()).toBe(false);
    expect(isResolved).toBe(false);

    rerender(page(true));
    await nextFrames();
    expect(firstContentStore.get()).toBe(true);
    expect(isResolved).toBe(true);

    // Later holds (another page) change nothing: the document's first content has shown.
    rerender(
      <Layout>
        <LayoutHold key="next" skeleton={<p>skeleton</p>}>
          <Part arrived={false} />
        </LayoutHold>
      </Layout>,
    );
    await nextFrames();
    expect(firstContentStore.get()).toBe(true);
  });

  it('shows at once for a page that holds nothing, and once a hold leaves the page unshown', async () => {
    render(
      <Layout>
        <p>settings</p>
      </Layout>,
    );
    await act(async () => undefined);
    expect(firstContentStore.get()).toBe(true);

    resetFirstContent();
    const { unmount } = render(
      <Layout>
        <LayoutHold skeleton={<p>skeleton</p>}>
          <Part arrived={false} />
        </LayoutHold>
      </Layout>,
    );
    await nextFrames();
    expect(firstContentStore.get()).toBe(false);
    unmount();
    await act(async () => undefined);
    expect(firstContentStore.get()).toBe(true);
  });

  it('holds under StrictMode too, whose effects run, are cleaned up and run again on mount', async () => {
    const page = (arrived: boolean) => (
      <StrictMode>
        <Layout>
          <LayoutHold skeleton={<p>skeleton</p>}>
            <Part arrived={arrived} />
          </LayoutHold>
        </Layout>
      </StrictMode>
    );
    const { rerender } = render(page(false));
    await nextFrames();
    expect(firstContentStore.get()).toBe(false);
    rerender(page(true));
    await nextFrames();
    expect(firstContentStore.get()).toBe(true);
  });

  it('does not show before the layout has rendered, even with no hold open', async () => {
    await act(async () => undefined);
    expect(firstContentStore.get()).toBe(false);
    layoutRendered();
    await expect(whenFirstContentShown()).resolves.toBeUndefined();
  });
});
