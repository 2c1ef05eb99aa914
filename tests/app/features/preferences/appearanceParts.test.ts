import { describe, expect, it } from 'vitest';
import { borderAttribute, fontAttribute, themeAttribute } from '../../../../src/app/features/preferences/applyPreferences';
import { selectedOption } from '../../../../src/app/features/preferences/PreferenceChoice';
import { saveStatusText } from '../../../../src/app/features/preferences/SaveStatus';

describe('which option is selected', () => {
  it('matches the saved value, or the option that means the same thing', () => {
    expect(selectedOption('Dark', ['Auto', 'Light', 'Dark'], themeAttribute)).toBe('Dark');
    expect(selectedOption('', ['Auto', 'Light', 'Dark'], themeAttribute)).toBe('Auto');
    expect(selectedOption('', ['Rounded', 'Square'], borderAttribute)).toBe('Rounded');
    expect(selectedOption('', ['App Font', 'System', 'Open Dyslexic'], fontAttribute)).toBe('App Font');
    expect(selectedOption('system', ['App Font', 'System'], fontAttribute)).toBe('System');
  });
});

describe('the pending hint', () => {
  it('says nothing when saved, "Saving…" on its way, and explains an offline save', () => {
    expect(saveStatusText(false, true)).toBe('');
    expect(saveStatusText(true, true)).toBe('Saving…');
    expect(saveStatusText(true, false)).toBe('Saved offline, will sync');
  });
});
