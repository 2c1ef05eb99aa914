import type { Locator } from '@playwright/test';

/**
 * Types a date (YYYY-MM-DD) and a time (HH:mm) into the app's own date and time fields
 * (src/app/ui/dateField, src/app/ui/timeField) and leaves each, as a person would: DD/MM/YYYY in the
 * wide screen's masked input, ISO in a phone's native date input.
 */
export async function fillDateAndTime(dateField: Locator, timeField: Locator, isoDate: string, time: string): Promise<void> {
  const isNative = (await dateField.getAttribute('type')) === 'date';
  const [year, month, day] = isoDate.split('-');
  await dateField.fill(isNative ? isoDate : `${day}/${month}/${year}`);
  await dateField.press('Tab');
  await timeField.fill(time);
  await timeField.press('Tab');
}
