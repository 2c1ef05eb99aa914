/**
 * Every named mutation the outbox may hold, registered in one place, so the page and the service
 * worker both know how to send and apply each of them. Imported by the two entry points of the
 * outbox, `startSession.ts` (the page) and `sw/service-worker.ts` (the worker), never by `sync/`:
 * the sync engine knows mutations only through the registry in `sync/mutation.ts`.
 * A feature with mutations adds one line here.
 */
import '../features/favourites/favourites.mutations';
import '../features/feedback/feedback.mutations';
import '../features/notifications/notifications.mutations';
import '../features/preferences/preferences.mutations';
import '../features/resources/resources.mutations';
