import { isAllowed } from '../../routing/menu';
import { formatLongDate } from '../../format/dateTime';
import { FeedbackPrompt } from '../feedback/FeedbackPrompt';
import { useSignedInUser } from '../session/useSignedInUser';
import { homeWidgets } from './widgets';
import { WidgetSlot } from './WidgetSlot';

/** The signed-in overview: a greeting, then the widgets this user's roles allow. */
export function HomePage() {
  const user = useSignedInUser();
  const widgets = homeWidgets.filter((widget) => isAllowed(widget.allowedRoles, user.userRoles));
  return (
    <div className="page home">
      <header className="page__intro">
        <p className="page__eyebrow">{formatLongDate(new Date())}</p>
        <h1>Welcome, {user.userFirstName}</h1>
        <p>Here is your day on campus at a glance.</p>
      </header>
      <FeedbackPrompt />
      <div className="widget-grid">
        {widgets.map((widget) => (
          <WidgetSlot key={widget.id} widget={widget} />
        ))}
      </div>
    </div>
  );
}
