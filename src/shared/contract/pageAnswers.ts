import { absenceConfigRoute, listAbsencesRoute } from './absences';
import { antiforgeryTokenRoute } from './antiforgery';
import { attendanceAnalysisRoute } from './attendance';
import { listFavouriteResourcesRoute } from './favourites';
import { feedbackPromptDateRoute } from './feedback';
import { listNotificationsRoute } from './notifications';
import { getAppPreferencesRoute, getUserApiPreferencesRoute, preferenceOptionsRoute } from './preferences';
import { resourcesRoute } from './resources';
import type { RouteDescriptor } from './route';
import { timetableRoute } from './timetable';
import { userAnalyticsRoute, userInfoRoute, userProfileRoute } from './user';

/**
 * The routes whose answers a signed-in page load carries (src/shared/rules/pageAnswerElement.ts
 * says how): the server asks them (src/server/http/pageAnswers.ts), the app takes them in place of
 * its first GETs (src/app/api/pageAnswers.ts).
 */

/**
 * Who is asking, then the antiforgery token: what every route's loader waits on before anything
 * renders (features/session/currentUser.ts). User info is asked first: the others only when it
 * says the session is signed in.
 */
export const sessionAnswerRoutes: readonly RouteDescriptor[] = [userInfoRoute, antiforgeryTokenRoute];

/**
 * The resources the signed-in start-up loads (SPEC §7 "Start-up"; `loadOnStartup` in the app's
 * registry, which a test holds equal to this list). A route the user may not call answers 403 and
 * is left out of the page: the app then asks it itself, as before.
 */
export const startupAnswerRoutes: readonly RouteDescriptor[] = [
  userProfileRoute,
  userAnalyticsRoute,
  attendanceAnalysisRoute,
  timetableRoute,
  listFavouriteResourcesRoute,
  absenceConfigRoute,
  listAbsencesRoute,
  listNotificationsRoute,
  preferenceOptionsRoute,
  getUserApiPreferencesRoute,
  getAppPreferencesRoute,
];

/** Home's own resources beyond the start-up: the popular links' widget and the feedback prompt's date. */
const homeAnswerRoutes: readonly RouteDescriptor[] = [resourcesRoute, feedbackPromptDateRoute];

/**
 * What a page's first content loads beyond the start-up, by the page's path: carried in that page
 * like the start-up's answers, and taken by the page's own first GETs. Home's held content waits for
 * these too, so without them its first paint would wait for another round trip.
 */
export const pageOwnAnswerRoutes: Readonly<Record<string, readonly RouteDescriptor[]>> = {
  '/': homeAnswerRoutes,
  '/home': homeAnswerRoutes,
};
