import { useState } from 'react';
import { useResource } from '../../sync/useResource';
import { isAwaitingData, useHoldLayout } from '../../ui/layoutHold/holdContext';
import { copyText } from '../../ui/copyText';
import { enableIcal, removeIcal, toWebcalUrl } from './icalMutations';
import { useIsViewingAs } from '../viewAs/isViewingAs';
import { icalSubscriptionResource } from './resources';

const copy = (text: string): Promise<void> => copyText(text, 'Calendar feed URL copied', 'the address');

function HowToAdd() {
  return (
    <details className="ical__help">
      <summary>How to add it to your calendar</summary>
      <ul>
        <li><strong>Google Calendar</strong> (on a computer): Other calendars, +, From URL; paste the address.</li>
        <li><strong>Outlook</strong>: Add calendar, Subscribe from web; paste the address.</li>
        <li><strong>Apple Calendar</strong>: open the webcal link on your iPhone or Mac, or File, New Calendar Subscription.</li>
      </ul>
      <p>Calendar apps refresh subscriptions every few hours, so changes can take a while to appear.</p>
    </details>
  );
}

/** SPEC §2 iCal feed subscription: subscribe, copy the feed URL, remove. */
export function IcalPanel() {
  const subscriptionState = useResource(icalSubscriptionResource);
  const { data: subscription, isLoading } = subscriptionState;
  useHoldLayout(isAwaitingData(subscriptionState));
  const [isBusy, setBusy] = useState(false);
  const isViewing = useIsViewingAs();
  const run = async (action: () => Promise<boolean>) => {
    setBusy(true);
    await action();
    setBusy(false);
  };

  return (
    <section className="card ical" aria-labelledby="ical-heading">
      <h2 id="ical-heading">Calendar subscription</h2>
      {isViewing ? (
        // The server refuses the feed's address to a view (a credential that would outlive it).
        <p className="muted">The calendar feed is not shown while viewing as someone.</p>
      ) : isLoading ? (
        <p className="muted">Checking your subscription…</p>
      ) : subscription ? (
        <>
          <p>Your timetable is available as a calendar feed. Anyone with this address can see it, so keep it to yourself.</p>
          <div className="ical__url">
            <label htmlFor="ical-url">Calendar feed URL</label>
            <input id="ical-url" readOnly value={subscription.feedUrl} onFocus={(event) => event.currentTarget.select()} />
          </div>
          <div className="ical__actions">
            <button type="button" className="button button--primary" onClick={() => void copy(subscription.feedUrl)}>
              Copy URL
            </button>
            <a className="button" href={toWebcalUrl(subscription.feedUrl)}>
              Open in calendar app
            </a>
            <button type="button" className="button" disabled={isBusy} onClick={() => void run(removeIcal)}>
              Remove
            </button>
          </div>
          <HowToAdd />
        </>
      ) : (
        <>
          <p>Subscribe to see your classes in Google, Outlook or Apple Calendar. It updates by itself.</p>
          <button type="button" className="button button--primary" disabled={isBusy} onClick={() => void run(enableIcal)}>
            Subscribe
          </button>
        </>
      )}
    </section>
  );
}
