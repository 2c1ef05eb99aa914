import type { ConfigVariable } from './config.js';

/*
 * What each configuration variable means, for people: docs/configuration.md is generated from this
 * and the order of `configGroups` (`npm run docs:config`; tests/server/configDocs.test.ts fails when
 * the page and this module disagree). The type makes every variable of `configSchema` need exactly
 * one entry here, so a new variable cannot go undocumented.
 */

export interface ConfigGroup {
  readonly id: string;
  readonly title: string;
  /** One or two sentences above the group's table (Markdown); empty for none. */
  readonly intro: string;
  /** Its variables, in the order the table lists them. */
  readonly variables: readonly ConfigVariable[];
}

export interface VariableDoc {
  /** What an unset (or blank) variable means, in Markdown. */
  readonly fallback: string;
  /** What the variable does and which values it takes, in Markdown (one table cell: no line breaks, no `|`). */
  readonly meaning: string;
}

export const configGroups: readonly ConfigGroup[] = [
  {
    id: 'server',
    title: 'Server and database',
    intro: '',
    variables: ['PORT', 'HOST', 'DATA_DIR', 'DATABASE_URL', 'DATABASE_DIRECT_URL', 'DATABASE_POOL_SIZE', 'NODE_ENV', 'DEMO', 'PUBLIC_ORIGIN', 'TRUSTED_PROXIES', 'STATIC_DIR', 'LOG_LEVEL'],
  },
  {
    id: 'signIn',
    title: 'Sessions and sign-in',
    intro: 'OpenID Connect is on when `OIDC_ISSUER`, `OIDC_CLIENT_ID` and `OIDC_CLIENT_SECRET` are all set (authorisation code flow with PKCE). README.md, "Sign-in with OpenID Connect", says which redirect URIs to register and how a sign-in finds its user.',
    variables: ['SESSION_IDLE_MINUTES', 'SESSION_MAX_HOURS', 'SIGNIN_RATE_LIMIT', 'OIDC_ISSUER', 'OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET', 'OIDC_SCOPES', 'OIDC_ROLES_CLAIM', 'OIDC_USERNAME_CLAIM', 'OIDC_GROUPS_CLAIM'],
  },
  {
    id: 'content',
    title: 'Content',
    intro: '',
    variables: ['TRENDING_WORDPRESS_URL', 'TRENDING_WORDPRESS_TIMEOUT_MS', 'TRENDING_CACHE_SECONDS', 'WELCOME_WEEK_URL', 'MAP_BASEMAP_URL', 'MAP_BASEMAP_ATTRIBUTION'],
  },
  {
    id: 'campus',
    title: 'Campus, attendance and privacy',
    intro: '',
    variables: ['CAMPUS_NETWORKS', 'CAMPUS_DEMO_LOOPBACK', 'ATTENDANCE_CLOSE_MINUTES', 'VIEW_AS_NOTICE'],
  },
  {
    id: 'calendar',
    title: 'Academic calendar and time',
    intro: '',
    variables: ['ACADEMIC_YEAR_START', 'TEACHING_WEEKS', 'TIME_ZONE', 'CLOCK_START'],
  },
  {
    id: 'uploads',
    title: 'Uploads and data imports',
    intro: '',
    variables: ['UPLOAD_QUOTA_MB', 'ABSENCE_REQUESTS_PER_HOUR', 'UPLOAD_IDLE_TIMEOUT_SECONDS', 'UPLOAD_TIMEOUT_SECONDS', 'IMPORT_MAX_MB'],
  },
  {
    id: 'integrations',
    title: 'Integrations',
    intro: 'README.md, "Integrating", shows each machine door with curl; `GET /api/openapi.json` describes every route.',
    variables: ['INTEGRATION_RATE_LIMIT', 'CONNECTOR_TIMEOUT_SECONDS'],
  },
  {
    id: 'status',
    title: 'Live service status',
    intro: 'README.md, "Live service status", describes the feed and `GET /api/health`.',
    variables: ['STATUS_CHECKS', 'STATUS_CHECK_SECONDS', 'PINGDOM_API_TOKEN'],
  },
  {
    id: 'analytics',
    title: 'Analytics',
    intro: 'Nothing loads until a user consents; README.md, "Analytics", says what is sent.',
    variables: ['ANALYTICS_PROVIDER', 'ANALYTICS_SITE_ID', 'ANALYTICS_URL', 'ANALYTICS_SEND_VISA_STATUS'],
  },
  {
    id: 'support',
    title: 'Student Support referrals',
    intro: 'README.md, "Student Support referrals", says how referrals reach the team and how to grant the capability.',
    variables: ['SUPPORT_TEAM_EMAIL', 'SMTP_URL', 'SMTP_FROM', 'SUPPORT_URGENT_TEXT'],
  },
  {
    id: 'push',
    title: 'Push notifications',
    intro: 'Web Push works with no configuration (the VAPID keys are made at first start); README.md, "Push notifications", describes delivery.',
    variables: ['PUSH_ALLOWED_ORIGINS', 'PUSH_VAPID_SUBJECT', 'PUSH_MAX_ATTEMPTS', 'PUSH_RETRY_BASE_MS', 'PUSH_QUEUE_LIMIT', 'FCM_SERVICE_ACCOUNT_JSON', 'FIREBASE_WEB_CONFIG', 'FIREBASE_WEB_VAPID_KEY'],
  },
  {
    id: 'testing',
    title: 'Testing only',
    intro: 'Set by `scripts/e2e-server.mjs` for the end-to-end suite; both are refused in production.',
    variables: ['E2E_TEST_CONTROL', 'SCHEDULED_JOBS'],
  },
];

export const variableDocs: { readonly [Name in ConfigVariable]: VariableDoc } = {
  PORT: {
    fallback: '`8080`',
    meaning: 'HTTP port',
  },
  HOST: {
    fallback: '`127.0.0.1`',
    meaning: 'interface to listen on (`0.0.0.0` in a container)',
  },
  DATA_DIR: {
    fallback: '`./data`',
    meaning: 'where the embedded PostgreSQL keeps its cluster (`DATA_DIR/postgres`) and its password (`DATA_DIR/postgres.password`, mode 0600). Unset, run as root with the embedded database, in a checkout the `postgres` OS user cannot reach (under `/root`): `/var/lib/campus-companion/<checkout folder>-<hash of its path>` instead, said in the start-up log',
  },
  DATABASE_URL: {
    fallback: 'unset',
    meaning: 'a PostgreSQL connection string; when set, the embedded database is not used',
  },
  DATABASE_DIRECT_URL: {
    fallback: '`DATABASE_URL`',
    meaning: 'a connection string to the same database that reaches PostgreSQL directly (or through a PgBouncer pool in session mode), used only at start, to migrate and seed and to set up the job queue, under advisory locks. Set it when `DATABASE_URL` goes through PgBouncer in transaction mode (see [Production deployment](../README.md#production-deployment))',
  },
  DATABASE_POOL_SIZE: {
    fallback: '`10`',
    meaning: 'connections each server instance keeps open to PostgreSQL at most (at least 2); with N instances PostgreSQL\'s `max_connections` (or PgBouncer\'s pool) must allow N × this, plus a few',
  },
  NODE_ENV: {
    fallback: 'unset',
    meaning: '`production` turns demo mode off and makes `PUBLIC_ORIGIN` required',
  },
  DEMO: {
    fallback: 'on, off in production or with OpenID Connect',
    meaning: '`1` forces the demo personas on (even in production or next to OpenID Connect, with a loud warning in the start-up log), `0` forces them off. Sessions started with a demo persona stop working once the server runs with demo mode off',
  },
  PUBLIC_ORIGIN: {
    fallback: 'unset; **required in production**',
    meaning: 'the origin users see, e.g. `https://campus.example.ac.uk`: used for OpenID Connect redirects, sign-in return paths and calendar feed URLs. An https origin also turns on HSTS, makes every cookie `Secure` and names the session cookie `__Host-cc_session`. Unset (local use only): OpenID Connect redirects follow the request, and feed URLs use `http://HOST:PORT`',
  },
  TRUSTED_PROXIES: {
    fallback: 'none',
    meaning: 'comma-separated addresses/CIDRs of reverse proxies whose `X-Forwarded-*` headers are believed (also `loopback`, `linklocal`, `uniquelocal`)',
  },
  STATIC_DIR: {
    fallback: '`dist`',
    meaning: 'the built client the server serves',
  },
  LOG_LEVEL: {
    fallback: '`warn` (`info` in production)',
    meaning: 'pino log level; cookies, tokens, calendar feed ids and OIDC codes are never logged',
  },
  SESSION_IDLE_MINUTES: {
    fallback: '`60`',
    meaning: 'sliding idle expiry of a session',
  },
  SESSION_MAX_HOURS: {
    fallback: '`12`',
    meaning: 'absolute lifetime of a session, however active',
  },
  SIGNIN_RATE_LIMIT: {
    fallback: '`30`',
    meaning: 'failed or abandoned sign-in attempts allowed per client address per minute (a sign-in that succeeds gives its requests back, so many people behind one campus address are not locked out). The address is the one `TRUSTED_PROXIES` lets the server see: behind a proxy that is not listed there, every user shares the proxy\'s address and its limit',
  },
  OIDC_ISSUER: {
    fallback: 'unset; with the next two, turns OpenID Connect on',
    meaning: 'issuer URL, e.g. `https://login.microsoftonline.com/<tenant>/v2.0`',
  },
  OIDC_CLIENT_ID: {
    fallback: 'unset',
    meaning: 'the app registration\'s client id',
  },
  OIDC_CLIENT_SECRET: {
    fallback: 'unset',
    meaning: 'its client secret',
  },
  OIDC_SCOPES: {
    fallback: '`openid profile email`',
    meaning: 'the scopes asked for at sign-in',
  },
  OIDC_ROLES_CLAIM: {
    fallback: '`roles`',
    meaning: 'claim with app roles; values `Student`, `TeachingStaff`, `Administrator` become roles',
  },
  OIDC_USERNAME_CLAIM: {
    fallback: '`preferred_username`',
    meaning: 'claim whose value is the user\'s user name (for Entra ID the UPN). It links a sign-in to the person an import delivered with that `username` (compared without case); an email address never links accounts. A provider that does not send it signs the user in under their `sub`',
  },
  OIDC_GROUPS_CLAIM: {
    fallback: '`groups`',
    meaning: 'claim with directory group ids; groups are recorded, and a group can grant roles (set under **Admin → Directory groups**, which can also add a group before anyone signs in with it)',
  },
  TRENDING_WORDPRESS_URL: {
    fallback: 'unset',
    meaning: 'a WordPress site (its root, e.g. `https://news.campus.example.ac.uk`) whose latest 10 posts (`/wp-json/wp/v2/posts?per_page=10&_embed`) are the students\' trending items; unset: the items in the database. Redirects are followed only within the site\'s own origin, and an answer is read up to 2 MB. When WordPress is slow, down, redirects elsewhere or answers garbage, the last good items are served and a warning is logged',
  },
  TRENDING_WORDPRESS_TIMEOUT_MS: {
    fallback: '`3000`',
    meaning: 'how long a WordPress request may take before the last good items are served instead',
  },
  TRENDING_CACHE_SECONDS: {
    fallback: '`300`',
    meaning: 'how long a good WordPress answer is reused (shared by all instances through the database); after a failure WordPress is left alone for a minute (or this long, if shorter)',
  },
  WELCOME_WEEK_URL: {
    fallback: 'unset',
    meaning: 'the welcome week page; unset: no welcome week link is shown',
  },
  MAP_BASEMAP_URL: {
    fallback: 'unset',
    meaning: 'optional raster tiles under the campus map, an https template such as `https://tile.example.org/{z}/{x}/{y}.png`; its origin is added to the CSP\'s `connect-src`. Unset: the map draws only the campus GeoJSON and needs no network',
  },
  MAP_BASEMAP_ATTRIBUTION: {
    fallback: 'the tile host',
    meaning: 'the credit shown on the map for those tiles',
  },
  CAMPUS_NETWORKS: {
    fallback: 'none',
    meaning: 'comma-separated IPv4/IPv6 CIDRs of the campus (eduroam) networks, e.g. `192.0.2.0/24, 2001:db8:abcd::/48` (a bare address is one host); attendance can be registered only from an address in them. The address is the connection\'s, or the one `X-Forwarded-For` gives when the connection comes from `TRUSTED_PROXIES`. **In demo mode loopback (`127.0.0.0/8`, `::1`) also counts as campus**, so the local demo can register; with demo off and nothing set, no one is on campus. A malformed entry stops the server at start',
  },
  CAMPUS_DEMO_LOOPBACK: {
    fallback: '`1` in demo mode',
    meaning: '`0` stops loopback counting as campus in demo mode, so a local demo (or an e2e test) sees the off-campus refusal and the eduroam message; it has no effect outside demo mode, where loopback is campus only when `CAMPUS_NETWORKS` lists it',
  },
  ATTENDANCE_CLOSE_MINUTES: {
    fallback: '`20`',
    meaning: 'registration at a monitored class closes this many minutes after it starts (it opens 10 minutes before); from then on the close-registers job writes the class\'s records (see docs/decisions/0043-attendance-analysis-and-registration.md). A short value (e.g. `2`) shows the job at work in the demo',
  },
  VIEW_AS_NOTICE: {
    fallback: '`1`',
    meaning: '`0` (or `false`) hides from users the notice "An administrator viewed your account on {date}: {reason}" on their profile page; administrators\' views are logged and audited either way',
  },
  ACADEMIC_YEAR_START: {
    fallback: '`09-30`',
    meaning: '`MM-DD`: week 1 of the academic year starts on the Monday on or before this date (the default is the last Monday of September); the year runs until the day before the next one',
  },
  TEACHING_WEEKS: {
    fallback: '`1-12,16-27,31-32r`',
    meaning: 'the taught weeks, counted from week 1: rising comma-separated spans, the first the autumn term, the second spring, the rest summer; a span ending in `r` holds revision sessions only. The demo seed timetables these weeks',
  },
  TIME_ZONE: {
    fallback: '`Europe/London`',
    meaning: 'the university\'s IANA time zone: academic years, absence dates, timetable times and the calendar feed use its wall clock',
  },
  CLOCK_START: {
    fallback: 'unset: the real time',
    meaning: 'an ISO 8601 instant **with its offset**, e.g. `2026-10-05T08:55:00+01:00`: the server\'s clock starts at that instant and runs at normal speed from there (every service, job, query and the demo seed read it, see ARCHITECTURE, Time). With the embedded database and an empty `DATA_DIR`, `CLOCK_START=… npm start` gives the same demo university every time. An instant without an offset is refused; **refused in production**',
  },
  UPLOAD_QUOTA_MB: {
    fallback: '`50`',
    meaning: 'absence evidence one student may keep across the requests they can still edit (Pending, AwaitingEvidence: a decided request\'s files are the school\'s record and do not count); an upload that would pass it is refused (400, a `supportingFiles` error saying how much it would use). Files deleted in the same edit count as freed',
  },
  ABSENCE_REQUESTS_PER_HOUR: {
    fallback: '`20`',
    meaning: 'absence requests one student may create in any hour; one more is refused (429) until the oldest of them is an hour old. An open request (Pending, AwaitingEvidence) for exactly the same span is refused too (409): edit it instead',
  },
  UPLOAD_IDLE_TIMEOUT_SECONDS: {
    fallback: '`30`',
    meaning: 'an absence upload whose body sends nothing for this long is answered `408` (the SPEC error shape) and its connection closed; what it sent is removed',
  },
  UPLOAD_TIMEOUT_SECONDS: {
    fallback: '`600`',
    meaning: 'an absence upload still arriving after this long is answered `408` the same way. Node itself cuts off any request (of any route) whose body is still incomplete 30 s after that (`408`). Also the age from which `.tmp` files in `DATA_DIR/uploads` count as leftovers of a crash and are removed at start',
  },
  IMPORT_MAX_MB: {
    fallback: '`200`',
    meaning: 'the largest data import bundle (a zip, see `../shared/IMPORT-FORMAT.md`) an administrator may upload on **Admin → Data import**; a larger one is refused with `413` before anything is stored',
  },
  INTEGRATION_RATE_LIMIT: {
    fallback: '`120`',
    meaning: 'requests one integration client (its bearer token) may make to `/api/integration/` per minute, across all instances; one more is answered `429` until the minute is over. Requests with no token or a wrong one are counted by address instead',
  },
  CONNECTOR_TIMEOUT_SECONDS: {
    fallback: '`60`',
    meaning: 'how long one request of a scheduled pull (**Admin → Integrations**: a OneRoster token or page, a timetable feed) may take, its body included; a slower upstream fails the run with that reason and leaves the held data untouched',
  },
  STATUS_CHECKS: {
    fallback: 'the app\'s own health endpoint per feature in demo mode; otherwise none',
    meaning: 'the services the live status feed watches: a JSON list of `{ "id", "name", "url", "feature"?, "method"?, "expectStatus"?, "timeoutMs"? }` (`feature`: `timetable`, `attendance`, `resources` or `notifications`, whose pages then explain a problem; `method` `GET` or `HEAD`; `expectStatus` default any 2xx/3xx; `timeoutMs` default 5000, and an answer slower than half of it counts as degraded). One failure is *degraded*, two in a row an *outage*',
  },
  STATUS_CHECK_SECONDS: {
    fallback: '`60`',
    meaning: 'how often the checks run: once per period across all instances, as a job',
  },
  PINGDOM_API_TOKEN: {
    fallback: 'unset',
    meaning: 'a Pingdom API (3.1) token: the feed then shows that account\'s checks (up, unconfirmed_down as degraded, down as outage, paused as maintenance; a `feature-timetable` tag ties a check to a feature) instead of running `STATUS_CHECKS`',
  },
  ANALYTICS_PROVIDER: {
    fallback: '`none`',
    meaning: '`none` (loads nothing), `ga4` (Google Analytics 4 via gtag.js in basic consent mode: every consent signal defaults to denied before the tag loads, then only `analytics_storage` is granted), `plausible` or `umami` (cookieless), or `matomo`',
  },
  ANALYTICS_SITE_ID: {
    fallback: 'unset; required with a provider',
    meaning: 'GA4: the measurement id (`G-…`); Plausible: the site\'s domain as Plausible knows it; Umami: the website id; Matomo: the site id',
  },
  ANALYTICS_URL: {
    fallback: 'Plausible `https://plausible.io`, Umami `https://cloud.umami.is`; required for Matomo',
    meaning: 'where a self-hosted Plausible, Umami or Matomo lives (its root); its origin joins the CSP\'s `script-src` and `connect-src`',
  },
  ANALYTICS_SEND_VISA_STATUS: {
    fallback: '`0`',
    meaning: '`1` (or `true`) adds `isStudentVisaHolder` to the user analytics data (`GET /api/user/analytics`), which goes to the data layer and so to the provider; off, it is left out. Immigration status is close to special category data: turn it on only with a lawful basis and an agreement with the provider that covers it. Anything but `1`/`true`/`0`/`false` stops the server at start',
  },
  SUPPORT_TEAM_EMAIL: {
    fallback: 'unset: no email (the notifications still go out)',
    meaning: 'one address, e.g. `student-support@campus.example.ac.uk`, told by email of each new referral; needs `SMTP_URL`',
  },
  SMTP_URL: {
    fallback: 'unset',
    meaning: 'the mail server that sends that email: `smtp://host:587` (STARTTLS when offered) or `smtps://host:465` (TLS), with credentials as `smtps://user:password@host:465` (URL-encode special characters). Never logged',
  },
  SMTP_FROM: {
    fallback: '`SUPPORT_TEAM_EMAIL`',
    meaning: 'the email\'s sender address',
  },
  SUPPORT_URGENT_TEXT: {
    fallback: 'what to do in an emergency: Student Support reply in working hours; 999 when someone is in danger, NHS 111 for urgent medical help, Samaritans on 116 123 at any time',
    meaning: 'the urgent-help text the Request Support dialog shows before anything is sent (`GET /api/content/support`; the app shows the default when it cannot ask the server)',
  },
  PUSH_ALLOWED_ORIGINS: {
    fallback: '`https://fcm.googleapis.com, https://updates.push.services.mozilla.com, https://*.notify.windows.com, https://web.push.apple.com`',
    meaning: 'comma-separated origins a device\'s push endpoint may have (`*.` in front of a host allows its subdomains). A subscription elsewhere is refused (400), and the server never sends anywhere else. Changing it applies to pushes already queued too: those to an endpoint it no longer allows fail for good (not sent, not retried)',
  },
  PUSH_VAPID_SUBJECT: {
    fallback: '`PUBLIC_ORIGIN` if https, else `mailto:push@campus-companion.invalid`',
    meaning: 'the contact the push services see in the VAPID token: a `mailto:` address or an https URL. Set a real one in production (Apple refuses `localhost`)',
  },
  PUSH_MAX_ATTEMPTS: {
    fallback: '`5`',
    meaning: 'tries per message and device, the first included; 429, 5xx and network failures are retried',
  },
  PUSH_RETRY_BASE_MS: {
    fallback: '`2000`',
    meaning: 'the first retry\'s delay; each next one doubles (with jitter), at most 5 minutes, never sooner than the service\'s `Retry-After`',
  },
  PUSH_QUEUE_LIMIT: {
    fallback: '`10000`',
    meaning: 'push jobs waiting in the job queue at most (all instances together, retries waiting for their time included); beyond it new pushes are dropped with a warning (the notifications are still in each user\'s list)',
  },
  FCM_SERVICE_ACCOUNT_JSON: {
    fallback: 'unset',
    meaning: 'optional Firebase Cloud Messaging: a service account\'s JSON, or a path to the file. Devices may then subscribe with an FCM registration token instead of a Web Push subscription. Needs the optional package: `npm install firebase-admin` (the server refuses to start with this set and the package missing)',
  },
  FIREBASE_WEB_CONFIG: {
    fallback: 'unset',
    meaning: 'the Firebase web app\'s config as JSON (Firebase console → Project settings → Your apps), at least `apiKey`, `projectId`, `messagingSenderId` and `appId`. With `FIREBASE_WEB_VAPID_KEY` and `FCM_SERVICE_ACCOUNT_JSON`, browsers get FCM registration tokens (the app loads `firebase/messaging` only then) instead of Web Push subscriptions, and the CSP allows Firebase\'s two registration hosts. Unset: Web Push',
  },
  FIREBASE_WEB_VAPID_KEY: {
    fallback: 'unset',
    meaning: 'the Firebase project\'s Web Push certificate public key (Project settings → Cloud Messaging); set with `FIREBASE_WEB_CONFIG`',
  },
  E2E_TEST_CONTROL: {
    fallback: '`0`',
    meaning: '`1` (set only by `scripts/e2e-server.mjs`) adds the test-only `GET`/`POST /api/test/clock` (`{ "advanceMs": n }` or `{ "to": "<instant with offset>" }`, forward only), which reads or moves the server\'s clock, `POST /api/test/jobs/<name>/run`, which runs one timed job now, and `GET /api/test/held`, which never answers (a request that keeps a service worker busy); off, `/api/test/*` answers 404. Not part of the API contract; **refused in production**',
  },
  SCHEDULED_JOBS: {
    fallback: '`1`',
    meaning: '`0` (set only by `scripts/e2e-server.mjs`) stops this instance from scheduling its timed jobs (closing registers, clean-ups, due notifications, status checks), so an end-to-end test runs each one when it needs it with `POST /api/test/jobs/<name>/run`. Needs `E2E_TEST_CONTROL=1`, so it is refused in production',
  },
};

/** The page docs/configuration.md holds, byte for byte. */
export function renderConfigurationPage(): string {
  const lines = [
    '# Configuration',
    '',
    '<!-- Generated by `npm run docs:config` from src/server/configDocs.ts; edit that, not this page. -->',
    '',
    'All configuration is environment variables. The server checks them all at start',
    '(`src/server/config.ts`, one zod schema) and refuses to start with a message naming each malformed',
    'one. This page lists every variable that schema reads, and nothing else.',
    '',
    ...configGroups.map((group) => `- [${group.title}](#${anchorOf(group.title)})`),
  ];
  for (const group of configGroups) {
    lines.push('', `## ${group.title}`, '');
    if (group.intro) lines.push(group.intro, '');
    lines.push('| variable | default | meaning |', '|---|---|---|');
    for (const name of group.variables) lines.push(`| \`${name}\` | ${variableDocs[name].fallback} | ${variableDocs[name].meaning} |`);
  }
  return `${lines.join('\n')}\n`;
}

/** GitHub's heading anchor: lower case, punctuation dropped, spaces to hyphens. */
function anchorOf(title: string): string {
  return title
    .toLowerCase()
    .replace(/[^a-z0-9 -]/g, '')
    .replace(/ /g, '-');
}
