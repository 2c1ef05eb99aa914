import { isServerAnswering } from '../sync/reachabilityCheck';
import { LET_GO_WAIT_MS } from './updateFlow';

/**
 * The update give-up's way past a stuck hand-over (`UpdatePort.letGoOfWorker`, decision 0035):
 * unregisters the page's service worker, so that the next load comes from the network. It keeps
 * the worker when the browser is offline or the server does not answer its health probe (which
 * bypasses the worker) in time, since only the old worker's shell can then open the page (a
 * captive portal says online too); and when the device has a push subscription, which belongs to
 * the registration and would end with it without a word.
 */
export async function letGoOfWorker(registration: ServiceWorkerRegistration): Promise<void> {
  if (navigator.onLine === false) return;
  if (await registration.pushManager?.getSubscription()) return;
  if (!(await isServerAnswering(LET_GO_WAIT_MS))) return;
  await registration.unregister();
}
