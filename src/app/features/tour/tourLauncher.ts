import type { Role } from '../../../shared/contract/route';
import { tourStepsFor } from './tourSteps';

/** Starts the guided tour for this user; driver.js and its styles load only now. */
export async function startTour(userRoles: readonly Role[]): Promise<void> {
  const { runTour } = await import('./tour.adapter');
  runTour(tourStepsFor(userRoles));
}
