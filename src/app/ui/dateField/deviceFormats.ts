/**
 * Phones show native date and time inputs in the device's own format (SPEC §2). Where that is not
 * the SPEC's (DD/MM/YYYY, 24-hour), the fields show the value in the SPEC's format beside them.
 * The device's format is what `Intl` gives for its default locale, as the browser's own inputs use.
 */
const sampleDate = new Date(Date.UTC(2026, 11, 31, 15, 0));

/** Whether the device writes dates as DD/MM/YYYY. */
export function deviceShowsUkDates(locale?: string): boolean {
  const shown = new Intl.DateTimeFormat(locale, { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'UTC' }).format(sampleDate);
  return shown === '31/12/2026';
}

/** Whether the device writes times on the 24-hour clock. */
export function deviceShows24Hour(locale?: string): boolean {
  const { hourCycle } = new Intl.DateTimeFormat(locale, { hour: 'numeric', timeZone: 'UTC' }).resolvedOptions();
  return hourCycle === 'h23' || hourCycle === 'h24';
}
