import { getIcalRoute, timetableRoute } from '../../../shared/contract/timetable';
import type { SignedInUserInfo } from '../../../shared/contract/user';
import { sections } from '../../routing/routeMeta';
import { defineResource } from '../../sync/registry';

/** Students and teaching staff have a timetable (SPEC §6). */
export function hasTimetable(user: Pick<SignedInUserInfo, 'userRoles'>): boolean {
  const allowed: readonly string[] = sections.timetable.allowedRoles;
  return user.userRoles.some((role) => allowed.includes(role));
}

/** SPEC §7: the timetable, cached 30 min, loaded at start-up so it opens offline. */
export const timetableResource = defineResource({
  key: 'timetable',
  route: timetableRoute,
  isAllowed: hasTimetable,
  loadOnStartup: true,
});

/** The iCal subscription (null when there is none), cached 30 min. */
export const icalSubscriptionResource = defineResource({
  key: 'icalSubscription',
  route: getIcalRoute,
  isAllowed: hasTimetable,
});
