import type { Role } from '../../../shared/contract/route';
import { tourStepsFor } from './tourSteps';

let starting: Promise<void> | undefined;

/**
 * Starts the guided tour for this user; driver.js and its styles load only now. A second press
 * while they load starts no second tour.
 */
export function startTour(userRoles: readonly Role[]): Promise<void> {
  starting ??= import('./tour.adapter')
    .then(({ runTour }) => runTour(tourStepsFor(userRoles)))
    .finally(() => {
      starting = undefined;
    });
  return starting;
}
