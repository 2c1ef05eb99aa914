import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { toAppPreferences, toUserApiPreferences } from '../../../../src/app/features/preferences/preferenceCookies';
import { appPreferencesSchema, userApiPreferencesSchema } from '../../../../src/shared/contract/preferences';

// The entry chunk checks the preference cookies by hand (no zod before first paint); these are
// the contract's schemas' answers, which the hand-written checks must give too.
const zodAnswer = <T,>(schema: z.core.$ZodType<T>, value: unknown): T | undefined => {
  const parsed = z.safeParse(schema, value);
  return parsed.success ? parsed.data : undefined;
};

const userApiSamples: unknown[] = [
  { theme: 'Dark', border: 'Square', font: '' },
  { theme: 'Light', border: '', font: 'Open Dyslexic', extra: 'dropped' },
  { theme: 'Dark', border: 'Square' },
  { theme: 'x'.repeat(100), border: '', font: '' },
  { theme: 'x'.repeat(101), border: '', font: '' },
  { theme: 'Da\u0000rk', border: '', font: '' },
  { theme: '\ud800', border: '', font: '' },
  { theme: 1, border: '', font: '' },
  null,
  [],
  'Dark',
  42,
];

const appSamples: unknown[] = [
  { isCategoryView: false },
  { isCategoryView: true, extra: 1 },
  {},
  { isCategoryView: undefined },
  { isCategoryView: null },
  { isCategoryView: 'false' },
  null,
  [],
  true,
];

describe('preference cookie checks match the contract', () => {
  it.each(userApiSamples.map((sample) => [JSON.stringify(sample) ?? String(sample), sample]))('user API preferences %s', (_label, sample) => {
    expect(toUserApiPreferences(sample)).toEqual(zodAnswer(userApiPreferencesSchema, sample));
  });

  it.each(appSamples.map((sample) => [JSON.stringify(sample) ?? String(sample), sample]))('app preferences %s', (_label, sample) => {
    expect(toAppPreferences(sample)).toEqual(zodAnswer(appPreferencesSchema, sample));
  });

  it('accepts a saved cookie and rejects a broken one', () => {
    expect(toUserApiPreferences({ theme: 'Dark', border: 'Square', font: '' })).toEqual({ theme: 'Dark', border: 'Square', font: '' });
    expect(toAppPreferences({ isCategoryView: 'no' })).toBeUndefined();
  });
});
