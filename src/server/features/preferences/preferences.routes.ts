import {
  getAppPreferencesRoute,
  getUserApiPreferencesRoute,
  preferenceOptionsRoute,
  saveAppPreferencesRoute,
  saveUserApiPreferencesRoute,
} from '../../../shared/contract/preferences.js';
import type { ServerContext } from '../../context.js';
import { implement, type RouteImplementation } from '../../http/contractRoutes.js';
import * as preferences from './preferences.service.js';

export function preferencesRoutes({ db, clock }: ServerContext): RouteImplementation[] {
  return [
    implement(preferenceOptionsRoute, async () => preferences.loadOptions(db)),
    implement(getUserApiPreferencesRoute, async ({ user }) => preferences.loadUserApiPreferences(db, user.id)),
    implement(saveUserApiPreferencesRoute, async ({ user, body }) => preferences.saveUserApiPreferences(db, user.id, body, clock.now())),
    implement(getAppPreferencesRoute, async ({ user }) => preferences.loadAppPreferences(db, user.id)),
    implement(saveAppPreferencesRoute, async ({ user, body }) => preferences.saveAppPreferences(db, user.id, body, clock.now())),
  ];
}
