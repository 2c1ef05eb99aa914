/**
 * Every feature's resource definitions, imported for their registration, so that the start-up
 * sequence sees all resources flagged `loadOnStartup` even before their pages load.
 * A feature with resources adds one line here.
 */
import '../features/absences/resources';
import '../features/attendance/resources';
import '../features/favourites/resources';
import '../features/feedback/resources';
import '../features/notifications/resources';
import '../features/preferences/resources';
import '../features/timetable/resources';
import './userResources';
