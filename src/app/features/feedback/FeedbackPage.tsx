import { useMemo, useState, useSyncExternalStore, type FormEvent } from 'react';
import {
  feedbackCategories,
  feedbackCommentMaxLength,
  type Feedback,
  type FeedbackCategory,
} from '../../../shared/contract/feedback';
import { isServerReachable, subscribeServerReachable } from '../../sync/connectivity';
import { usePendingMutations } from '../../sync/pendingMutations';
import '../../ui/field.css';
import { appVersion } from '../settings/appVersion';
import { SettingsPage } from '../settings/SettingsPage';
import { sendFeedbackMutation } from './feedback.mutations';
import { sendFeedback } from './feedbackActions';
import { feedbackPromptResource } from './resources';
import './feedback.css';

export const ratingLabels = ['Poor', 'Fair', 'Good', 'Very good', 'Excellent'] as const;

export const feedbackFormTexts = {
  ratingRequired: 'Please choose a rating',
  sent: 'Thank you for your feedback.',
  queued: 'Your feedback is saved on this device and will be sent when you are back online.',
  sending: 'Sending your feedback…',
  notSaved: 'Your feedback could not be saved on this device. Please try again.',
} as const;

/** Settings → Feedback: a rating, an optional topic and a limited comment, sent through the outbox. */
export function FeedbackPage() {
  const [rating, setRating] = useState<number>();
  const [category, setCategory] = useState<FeedbackCategory | ''>('');
  const [comments, setComments] = useState('');
  const [ratingError, setRatingError] = useState<string>();
  const [outcome, setOutcome] = useState<'sent' | 'failed'>();
  const pending = usePendingMutations(feedbackPromptResource.key);
  const queuedCount = useMemo(() => pending.filter((entry) => entry.name === sendFeedbackMutation.name).length, [pending]);
  const isReachable = useSyncExternalStore(subscribeServerReachable, isServerReachable, isServerReachable);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (rating === undefined) {
      setRatingError(feedbackFormTexts.ratingRequired);
      document.getElementById('feedback-rating-1')?.focus();
      return;
    }
    const trimmed = comments.trim();
    const feedback: Feedback = {
      rating,
      appVersion,
      ...(trimmed ? { comments: trimmed } : {}),
      ...(category ? { category } : {}),
    };
    try {
      await sendFeedback(feedback);
      setOutcome('sent');
      setRating(undefined);
      setCategory('');
      setComments('');
    } catch (error) {
      console.warn('Queuing feedback failed', error);
      setOutcome('failed');
    }
  };

  const left = feedbackCommentMaxLength - comments.length;
  return (
    <SettingsPage intro="Tell us what works for you and what does not. We read every message.">
      <form className="feedback-form card" onSubmit={(event) => void submit(event)} noValidate>
        <fieldset className="feedback-form__rating" aria-describedby={ratingError ? 'feedback-rating-error' : undefined}>
          <legend className="form-field__label">How would you rate the app?</legend>
          <div className="feedback-form__choices">
            {ratingLabels.map((label, index) => {
              const value = index + 1;
              return (
                <label key={value} className="feedback-form__choice">
                  <input
                    id={`feedback-rating-${value}`}
                    type="radio"
                    name="rating"
                    value={value}
                    checked={rating === value}
                    aria-invalid={ratingError ? true : undefined}
                    onChange={() => {
                      setRating(value);
                      setRatingError(undefined);
                      setOutcome(undefined);
                    }}
                  />
                  <span>
                    {value} – {label}
                  </span>
                </label>
              );
            })}
          </div>
          {ratingError && (
            <p id="feedback-rating-error" className="form-field__error">
              {ratingError}
            </p>
          )}
        </fieldset>

        <div className="form-field">
          <label className="form-field__label" htmlFor="feedback-category">
            Topic (optional)
          </label>
          <select
            id="feedback-category"
            className="form-field__input"
            value={category}
            onChange={(event) => setCategory(event.target.value as FeedbackCategory | '')}
          >
            <option value="">No particular topic</option>
            {feedbackCategories.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </div>

        <div className="form-field">
          <label className="form-field__label" htmlFor="feedback-comments">
            Comments (optional)
          </label>
          <textarea
            id="feedback-comments"
            className="form-field__input"
            rows={6}
            maxLength={feedbackCommentMaxLength}
            value={comments}
            aria-describedby="feedback-comments-count"
            onChange={(event) => setComments(event.target.value)}
          />
          <p id="feedback-comments-count" className="muted feedback-form__count">
            {left} of {feedbackCommentMaxLength} characters left
          </p>
        </div>

        <div className="feedback-form__actions">
          <button type="submit" className="button button--primary">
            Send feedback
          </button>
        </div>
        <div role="status" className="feedback-form__status">
          {outcome === 'sent' && <p className="callout">{feedbackFormTexts.sent}</p>}
          {queuedCount > 0 && <p className="callout">{isReachable ? feedbackFormTexts.sending : feedbackFormTexts.queued}</p>}
        </div>
        {outcome === 'failed' && (
          <p role="alert" className="callout callout--negative">
            {feedbackFormTexts.notSaved}
          </p>
        )}
      </form>
    </SettingsPage>
  );
}
