import { deleteIcalRoute, enableIcalRoute } from '../../../shared/contract/timetable';
import { callApi } from '../../api/client';
import { showErrorToast } from '../../api/errorHandler';
import { ensureFresh } from '../../sync/ensureFresh';
import { toast } from '../../ui/toast/toastStore';
import { icalSubscriptionResource } from './resources';

/** SPEC §8, word for word. */
export const icalTexts = {
  createError: 'Error creating the iCal subscription.',
  removeError: 'Error removing the iCal subscription.',
  removed: 'Your iCal subscription has been removed.',
} as const;

const removedToastMs = 2500;

const reload = () => ensureFresh(icalSubscriptionResource, { force: true }).catch(() => undefined);

/** SPEC §7: creates the subscription, then reloads it. Resolves whether it worked. */
export async function enableIcal(): Promise<boolean> {
  try {
    await callApi(enableIcalRoute);
  } catch (error) {
    showErrorToast(error, { message: icalTexts.createError });
    return false;
  }
  await reload();
  return true;
}

export async function removeIcal(): Promise<boolean> {
  try {
    await callApi(deleteIcalRoute);
  } catch (error) {
    showErrorToast(error, { message: icalTexts.removeError });
    return false;
  }
  toast.positive(icalTexts.removed, { timeout: removedToastMs });
  await reload();
  return true;
}

/** The same feed for calendar apps that open `webcal:` links. */
export function toWebcalUrl(feedUrl: string): string {
  return feedUrl.replace(/^https?:/, 'webcal:');
}
