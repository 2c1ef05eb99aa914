import { capabilitiesOf, hasCapability, isAllowed } from '../../routing/menu';
import { formatLongDate } from '../../format/dateTime';
import { FeedbackPrompt } from '../feedback/FeedbackPrompt';
import { useSignedInUser } from '../session/useSignedInUser';
import { LayoutHold } from '../../ui/layoutHold/LayoutHold';
import { homeWidgets } from './widgets';
import { WidgetSkeleton, WidgetSlot } from './WidgetSlot';

/**
 * The signed-in overview: a greeting, then the widgets this user's roles allow. The feedback prompt
 * and the widgets arrive with their data, each of its own height: until all of them have, the
 * widgets' skeletons stand in their place, so nothing in view moves as they land.
 */
export function HomePage() {
  const user = useSignedInUser();
  const capabilities = capabilitiesOf(user);
  const widgets = homeWidgets.filter((widget) => isAllowed(widget.allowedRoles, user.userRoles) && hasCapability(widget.requiredCapability, capabilities));
  return (
    <div className="page home">
      <header className="page__intro">
        <p className="page__eyebrow">{formatLongDate(new Date())}</p>
        <h1>Welcome, {user.userFirstName}</h1>
        <p>Here is your day on campus at a glance.</p>
      </header>
      {user.hasUniversityRecords === false && (
        <section className="card callout" aria-labelledby="records-pending">
          <h2 id="records-pending">Your records have not arrived yet</h2>
          <p>
            Your timetable, modules and attendance appear here once the university&rsquo;s systems have sent them to
            this app, usually overnight. If it has been longer than a day, contact the IT service desk.
          </p>
        </section>
      )}
      <LayoutHold
        skeleton={
          <div className="widget-grid">
            <p className="visually-hidden">Loading your overview…</p>
            {widgets.map((widget) => (
              <WidgetSkeleton key={widget.id} widget={widget} />
            ))}
          </div>
        }
      >
        <FeedbackPrompt />
        <div className="widget-grid">
          {widgets.map((widget) => (
            <WidgetSlot key={widget.id} widget={widget} />
          ))}
        </div>
      </LayoutHold>
    </div>
  );
}
