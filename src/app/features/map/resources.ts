import { campusRoute } from '../../../shared/contract/timetable';
import { defineResource } from '../../sync/registry';
import { hasTimetable } from '../timetable/resources';

/** The campus GeoJSON for the room map; it rarely changes, so a day's lifetime. Cached for offline. */
export const campusResource = defineResource({
  key: 'campus',
  route: campusRoute,
  ttlMinutes: 1440,
  isAllowed: hasTimetable,
});
