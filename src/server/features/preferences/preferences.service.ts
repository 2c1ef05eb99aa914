import type { AppPreferences, PreferenceOptions, UserApiPreferences } from '../../../shared/contract/preferences.js';
import type { Db } from '../../db/database.js';
import { badRequest, type FieldErrors } from '../../http/errors.js';

const kinds = ['theme', 'border', 'font'] as const;

export async function loadOptions(db: Db): Promise<PreferenceOptions> {
  const rows = await db.selectFrom('preference_options').select(['kind', 'value']).orderBy('kind').orderBy('display_order').execute();
  const options: PreferenceOptions = { theme: [], border: [], font: [] };
  for (const row of rows) options[row.kind].push(row.value);
  return options;
}

export async function loadUserApiPreferences(db: Db, userId: number): Promise<UserApiPreferences> {
  const row = await db.selectFrom('user_preferences').select(['theme', 'border', 'font']).where('user_id', '=', userId).executeTakeFirst();
  return { theme: row?.theme ?? '', border: row?.border ?? '', font: row?.font ?? '' };
}

export async function loadAppPreferences(db: Db, userId: number): Promise<AppPreferences> {
  const row = await db.selectFrom('user_preferences').select('app_preferences').where('user_id', '=', userId).executeTakeFirst();
  return { isCategoryView: row?.app_preferences.isCategoryView ?? true };
}

/** Each value must be one of the offered options, or empty for the default. */
export async function saveUserApiPreferences(db: Db, userId: number, preferences: UserApiPreferences, now: Date): Promise<void> {
  const options = await loadOptions(db);
  const errors: FieldErrors = {};
  for (const kind of kinds) {
    const value = preferences[kind];
    if (value !== '' && !options[kind].includes(value)) errors[kind] = [`Choose one of: ${options[kind].join(', ')}.`];
  }
  if (Object.keys(errors).length > 0) throw badRequest('One or more preferences are not available.', errors);
  const values = { theme: preferences.theme || null, border: preferences.border || null, font: preferences.font || null };
  await db
    .insertInto('user_preferences')
    .values({ user_id: userId, ...values, updated_at: now })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ ...values, updated_at: now }))
    .execute();
}

export async function saveAppPreferences(db: Db, userId: number, preferences: AppPreferences, now: Date): Promise<void> {
  const json = JSON.stringify(preferences);
  await db
    .insertInto('user_preferences')
    .values({ user_id: userId, app_preferences: json, updated_at: now })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ app_preferences: json, updated_at: now }))
    .execute();
}
