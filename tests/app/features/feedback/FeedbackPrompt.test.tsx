import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FeedbackPromptDate } from '../../../../src/shared/contract/feedback';

const state: { data: FeedbackPromptDate | undefined } = { data: undefined };
const dismiss = vi.fn(() => Promise.resolve());

vi.mock('../../../../src/app/sync/useResource', () => ({
  useResource: () => ({ data: state.data, fetchedAt: undefined, isPending: false, isLoading: false, error: undefined }),
}));
vi.mock('../../../../src/app/features/feedback/feedbackActions', () => ({ dismissFeedbackPrompt: () => dismiss() }));

const { FeedbackPrompt } = await import('../../../../src/app/features/feedback/FeedbackPrompt');
const { BANNER_PRIORITY, resetEngagementSlot, setBannerWanted, setModalOpen } = await import('../../../../src/app/features/engagement/engagementSlot');

const DAY = 86_400_000;
const prompt = () => screen.queryByRole('region', { name: 'How are we doing?' });

function show(data: FeedbackPromptDate | undefined) {
  state.data = data;
  return render(
    <MemoryRouter>
      <FeedbackPrompt />
    </MemoryRouter>,
  );
}

/** Every first-run banner has loaded and answered that it does not want to show. */
function settleBanners() {
  for (const name of BANNER_PRIORITY) setBannerWanted(name, false);
}

beforeEach(() => {
  resetEngagementSlot();
  settleBanners();
  dismiss.mockClear();
});

afterEach(() => {
  resetEngagementSlot();
});

describe('the feedback prompt', () => {
  it('shows to a user never prompted, with a link to the form', () => {
    show({ lastPromptDate: null, providedFeedback: false });
    expect(prompt()).not.toBeNull();
    expect(screen.getByRole('link', { name: 'Give feedback' })).toHaveAttribute('href', '/user/settings/feedback');
  });

  it('waits until every first-run banner has answered', () => {
    act(() => resetEngagementSlot());
    show({ lastPromptDate: null, providedFeedback: false });
    expect(prompt()).toBeNull();
    act(() => setBannerWanted('consent', false));
    act(() => setBannerWanted('tour', false));
    expect(prompt()).toBeNull();
    act(() => setBannerWanted('install', false));
    expect(prompt()).not.toBeNull();
  });

  it('waits while any first-run banner wants to show, and shows once none does', () => {
    act(() => setBannerWanted('consent', true));
    show({ lastPromptDate: null, providedFeedback: false });
    expect(prompt()).toBeNull();
    act(() => setBannerWanted('consent', false));
    act(() => setBannerWanted('install', true));
    expect(prompt()).toBeNull();
    act(() => setBannerWanted('install', false));
    expect(prompt()).not.toBeNull();
  });

  it('waits while a dialog or the tour is open; once shown, a dialog opening does not take it out of the page', () => {
    act(() => setModalOpen(true));
    show({ lastPromptDate: null, providedFeedback: false });
    expect(prompt()).toBeNull();
    act(() => setModalOpen(false));
    expect(prompt()).not.toBeNull();
    act(() => setModalOpen(true));
    expect(prompt()).not.toBeNull();
  });

  it('stays away before the prompt date is known, and while the last prompt is recent', () => {
    const { unmount } = show(undefined);
    expect(prompt()).toBeNull();
    unmount();
    show({ lastPromptDate: new Date(Date.now() - 3 * DAY).toISOString(), providedFeedback: false });
    expect(prompt()).toBeNull();
  });

  // Last: the choice holds for the rest of the visit (module state), as leaving home and coming back shows.
  it("'Not now' records the prompt and hides it for the rest of the visit", async () => {
    const { unmount } = show({ lastPromptDate: new Date(Date.now() - 20 * DAY).toISOString(), providedFeedback: false });
    await userEvent.click(screen.getByRole('button', { name: 'Not now' }));
    expect(dismiss).toHaveBeenCalledTimes(1);
    expect(prompt()).toBeNull();
    unmount();
    // Back on home before the recorded prompt reached the cache: still away.
    show({ lastPromptDate: new Date(Date.now() - 20 * DAY).toISOString(), providedFeedback: false });
    expect(prompt()).toBeNull();
  });
});
