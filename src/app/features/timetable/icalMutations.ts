import { deleteIcalRoute, enableIcalRoute } from '../../../shared/contract/timetable';
import { callApi } from '../../api/client';
import { showErrorToast } from '../../api/errorHandler';
import { toast } from '../../ui/toast/toastStore';

/** SPEC §8, word for word. */
export const icalTexts = {
  createError: 'Error creating the iCal subscription.',
  removeError: 'Error removing the iCal subscription.',
  removed: 'Your iCal subscription has been removed.',
} as const;

const removedToastMs = 2500;

/** SPEC §7: creates the subscription (the call reloads it: `invalidates`). Resolves whether it worked. */
export async function enableIcal(): Promise<boolean> {
  try {
    await callApi(enableIcalRoute);
  } catch (error) {
    showErrorToast(error, { message: icalTexts.createError });
    return false;
  }
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
  return true;
}

/** The same feed for calendar apps that open `webcal:` links. */
export function toWebcalUrl(feedUrl: string): string {
  return feedUrl.replace(/^https?:/, 'webcal:');
}
