import { useState } from 'react';
import { Link } from 'react-router';
import { isFeedbackPromptDue } from '../../../shared/rules/feedbackPrompt';
import { paths } from '../../routing/paths';
import { useResource } from '../../sync/useResource';
import { isAwaitingData, useHoldLayout } from '../../ui/layoutHold/holdContext';
import { toast } from '../../ui/toast/toastStore';
import { useAnyBannerWanted, useIsModalOpen } from '../engagement/engagementSlot';
import { useIsViewingAs } from '../viewAs/isViewingAs';
import { dismissFeedbackPrompt } from './feedbackActions';
import { feedbackPromptResource } from './resources';
import './feedback.css';

export const feedbackPromptTexts = {
  heading: 'How are we doing?',
  body: 'Tell us what you think of Campus Companion: it takes a minute and helps us improve it.',
  give: 'Give feedback',
  dismiss: 'Not now',
} as const;

/**
 * Set aside for the rest of this visit (until the page is reloaded): the user chose 'Give feedback'
 * or 'Not now'. Kept outside the component, which unmounts whenever the user leaves home.
 */
let isSetAsideForVisit = false;

/**
 * The feedback prompt (SPEC §4), a card at the top of the home page (in the page's flow, so it
 * never covers anything): shown when the last prompt is old enough (shared rule), once the
 * first-run banners (consent, tour, install) are all gone and no dialog or tour is open (issue 34
 * §2). Once shown, a dialog opened over home leaves it in place: taking it out of the page would
 * move the widgets under the dialog. 'Not now' records the prompt; 'Give feedback' opens
 * the form and keeps the prompt away for this visit (sending records it).
 */
export function FeedbackPrompt() {
  const isBannerShowing = useAnyBannerWanted();
  const isModalOpen = useIsModalOpen();
  const isViewing = useIsViewingAs(); // an administrator viewing as this user is not asked (issue 17)
  const promptDate = useResource(feedbackPromptResource);
  const { data } = promptDate;
  // On home it is part of the page's held content: it shows at once with the widgets, or not at all.
  useHoldLayout(isAwaitingData(promptDate));
  const [isSetAside, setIsSetAside] = useState(isSetAsideForVisit);
  const [hasAppeared, setHasAppeared] = useState(false);
  const setAside = () => {
    isSetAsideForVisit = true;
    setIsSetAside(true);
  };

  const isDue = !isViewing && !isSetAside && !!data && isFeedbackPromptDue(data, new Date());
  if (isDue && !isBannerShowing && !isModalOpen && !hasAppeared) setHasAppeared(true);
  if (!isDue || isBannerShowing || (isModalOpen && !hasAppeared)) return null;

  const dismiss = () => {
    setAside();
    dismissFeedbackPrompt().catch((error: unknown) => {
      console.warn('Recording the feedback prompt failed', error);
      toast.negative('Your answer could not be saved on this device.');
    });
  };

  return (
    <section className="feedback-prompt card" aria-labelledby="feedback-prompt-heading">
      <h2 id="feedback-prompt-heading" className="feedback-prompt__heading">
        {feedbackPromptTexts.heading}
      </h2>
      <p>{feedbackPromptTexts.body}</p>
      <div className="feedback-prompt__actions">
        <Link className="button button--primary" to={paths.settingsFeedback} onClick={setAside}>
          {feedbackPromptTexts.give}
        </Link>
        <button type="button" className="button" onClick={dismiss}>
          {feedbackPromptTexts.dismiss}
        </button>
      </div>
    </section>
  );
}
