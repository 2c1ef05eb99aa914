/**
 * Every named mutation the outbox may hold, registered in one place, so the page, the service
 * worker and the outbox upgrade all know how to send and apply each of them.
 */
import '../features/favourites/favourites.mutations';
import '../features/feedback/feedback.mutations';
import '../features/notifications/notifications.mutations';
import '../features/preferences/preferences.mutations';
import '../features/resources/resources.mutations';
