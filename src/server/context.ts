import type { Clock } from './clock.js';
import type { SessionStore } from './auth/session.service.js';
import type { OidcService } from './auth/oidc.service.js';
import type { XsrfTokens } from './auth/xsrf.js';
import type { Config } from './config.js';
import type { Db } from './db/database.js';
import type { Notifier } from './features/notifications/notify.service.js';

/** What route modules need from the running server; built once by buildApp. */
export interface ServerContext {
  readonly config: Config;
  /** The only source of "now" (clock.ts): services, jobs and queries take the time from it. */
  readonly clock: Clock;
  readonly db: Db;
  readonly sessions: SessionStore;
  readonly xsrf: XsrfTokens;
  readonly oidc: OidcService | undefined;
  /** notify(audience, type, message), and the push service behind it. */
  readonly notifier: Notifier;
}
