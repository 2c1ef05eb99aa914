import type { FastifyInstance } from 'fastify';
import { SettableClock, type Clock } from '../../src/server/clock.js';
import { SessionStore } from '../../src/server/auth/session.service.js';
import type { Db } from '../../src/server/db/database.js';
import type { Caller } from './testApp.js';
import { TEST_CLOCK_START } from './testClock.js';

/**
 * Signs any user in as an identity provider sign-in would leave them: an `oidc` session row (the
 * demo endpoint takes only the personas, and its sessions die on a server with demo mode off),
 * plus an antiforgery token from `app` for that session. For http test apps (cookie `cc_session`).
 * The session starts at `clock`'s now: pass the app's clock when it is not the suite's default.
 */
export async function signInDirectly(app: FastifyInstance, db: Db, userName: string, clock: Clock = new SettableClock(new Date(TEST_CLOCK_START))): Promise<Caller> {
  const user = await db.selectFrom('users').select('id').where('user_name', '=', userName).executeTakeFirstOrThrow();
  const { id } = await new SessionStore(db, { idleMinutes: 60, maxHours: 12, acceptsDemoSessions: false }, clock).create(user.id, 'oidc');
  const token = await app.inject({ method: 'GET', url: '/api/antiforgerytoken', headers: { cookie: `cc_session=${id}` } });
  const xsrf = token.cookies.find((cookie) => cookie.name === 'XSRF-TOKEN')?.value;
  if (!xsrf) throw new Error(`no antiforgery token for ${userName}`);
  const cookies: Record<string, string> = { cc_session: id, 'XSRF-TOKEN': xsrf };
  return {
    cookies,
    xsrf,
    headers(withXsrf = true) {
      const headers: Record<string, string> = { cookie: Object.entries(cookies).map(([name, value]) => `${name}=${value}`).join('; ') };
      if (withXsrf) headers['x-xsrf-token'] = xsrf;
      return headers;
    },
  };
}
