import type { Role } from '../../../shared/contract/route';
import { allMenuEntries, visibleMenuEntries } from '../../routing/menu';
import type { TourStepOptions } from '../../routing/routeMeta';

/**
 * The guided tour's steps: the tour step options of the route metadata (SPEC §2), in menu order,
 * only for the sections this user's roles can see.
 */
export function tourStepsFor(userRoles: readonly Role[]): TourStepOptions[] {
  return visibleMenuEntries(allMenuEntries(), userRoles).flatMap((entry) => (entry.tourStepOptions ? [entry.tourStepOptions as TourStepOptions] : []));
}
