import { setViewAsPort } from '../../sync/viewAsPort';
import { isViewingAs } from './isViewingAs';

/** Answers the core's view-as port (`sync/viewAsPort.ts`) with this feature's `isViewingAs`; called once at app start. */
export function registerViewAsPort(): () => void {
  return setViewAsPort({ isViewingAs });
}
