import { describe, expect, it } from 'vitest';
import { deviceShows24Hour, deviceShowsUkDates } from '../../../../src/app/ui/dateField/deviceFormats';

describe('deviceFormats', () => {
  it('knows which locales write dates as DD/MM/YYYY', () => {
    expect(deviceShowsUkDates('en-GB')).toBe(true);
    expect(deviceShowsUkDates('en-US')).toBe(false);
    expect(deviceShowsUkDates('de-DE')).toBe(false);
  });

  it('knows which locales use the 24-hour clock', () => {
    expect(deviceShows24Hour('en-GB')).toBe(true);
    expect(deviceShows24Hour('de-DE')).toBe(true);
    expect(deviceShows24Hour('en-US')).toBe(false);
  });
});
