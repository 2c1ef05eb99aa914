import { BlockList, isIP } from 'node:net';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { attendanceRegistration } from '../shared/constants.js';
import { defaultUrgentHelpText } from '../shared/rules/referral.js';
import { DEFAULT_CALENDAR, isTimeZone, parseTeachingWeeks, parseYearStart, type CalendarRules, type TeachingSpan } from './calendar/academicCalendar.js';
import { firebaseWebConfigSchema, type FirebaseWebConfig } from '../shared/contract/notifications.js';
import { analyticsProviders, type AnalyticsConfig, type AnalyticsProviderName } from '../shared/contract/analytics.js';
import { defaultDataDir } from './db/dataDirAccess.js';
import { demoChecks, statusChecksSchema, type StatusCheck } from './realtime/statusChecks.js';
import { isOneOf } from '../shared/guards.js';

export interface OidcConfig {
  readonly issuer: string;
  readonly clientId: string;
  readonly clientSecret: string;
  readonly scopes: string;
  /** Claim holding directory group ids (Entra: `groups`). */
  readonly groupsClaim: string;
  /** Claim holding app roles (Entra: `roles`). */
  readonly rolesClaim: string;
  /** The claim whose value is the user name that links a sign-in to an imported user (OIDC_USERNAME_CLAIM). */
  readonly usernameClaim: string;
}

/** Push delivery (src/server/push). */
export interface PushConfig {
  /**
   * Origins a Web Push endpoint may have, e.g. `https://fcm.googleapis.com`; a host may start
   * with `*.` (any subdomain). The server never sends anywhere else.
   */
  readonly allowedOrigins: readonly string[];
  /** The VAPID `sub` claim: a mailto: address or an https URL the push services can contact. */
  readonly vapidSubject: string;
  /** Sends of one message to one device, first try included, before it is given up. */
  readonly maxAttempts: number;
  /** The first retry's delay; each later one doubles it (with jitter), up to five minutes. */
  readonly retryBaseMs: number;
  /** Messages waiting to be sent at most; beyond it new ones are dropped (their rows stay). */
  readonly queueLimit: number;
  /** A Firebase service account (its JSON, or a path to the file): turns FCM device tokens on. */
  readonly fcmServiceAccount: string | undefined;
  /**
   * The Firebase web app's public config and Web Push certificate key: web clients then get FCM
   * registration tokens (firebase/messaging) instead of Web Push subscriptions. Needs FCM.
   */
  readonly firebaseWeb: { readonly config: FirebaseWebConfig; readonly vapidKey: string } | undefined;
}

/** Student Support referrals (issue 31). */
export interface SupportConfig {
  /** SUPPORT_TEAM_EMAIL: where a new referral is announced by email (a link, no personal data); unset: no email. */
  readonly teamEmail: string | undefined;
  /** SMTP_URL: the mail server, `smtp://` or `smtps://`, with any credentials. */
  readonly smtpUrl: string | undefined;
  /** SMTP_FROM: the sender of that email; unset: SUPPORT_TEAM_EMAIL. */
  readonly fromAddress: string | undefined;
  /** SUPPORT_URGENT_TEXT: what the Request Support dialog says about urgent help. */
  readonly urgentText: string;
}

/** Said in the Request Support dialog unless SUPPORT_URGENT_TEXT replaces it. */
export const DEFAULT_SUPPORT_URGENT_TEXT = defaultUrgentHelpText;

export interface Config {
  readonly port: number;
  readonly host: string;
  readonly dataDir: string;
  /** Why DATA_DIR, unset, is not `./data` (a root-run server in a checkout others cannot reach). */
  readonly dataDirNote: string | undefined;
  /** Unset: an embedded PostgreSQL under DATA_DIR/postgres. */
  readonly databaseUrl: string | undefined;
  /**
   * A direct connection (or a PgBouncer pool in session mode) to the same database, used at start
   * for migrations and the demo seed under a session-level advisory lock; unset: `databaseUrl`.
   */
  readonly databaseDirectUrl: string | undefined;
  /** Connections each instance's pool opens at most. */
  readonly databasePoolSize: number;
  readonly isProduction: boolean;
  readonly isDemo: boolean;
  /** CLOCK_START: the instant the server's clock starts at (then it runs at normal speed); unset: the wall clock. */
  readonly clockStart: Date | undefined;
  /** E2E_TEST_CONTROL: the test-only routes under /api/test (move the clock) exist. Never in production. */
  readonly testControl: boolean;
  /**
   * SCHEDULED_JOBS: the timed jobs (cron and interval) run on their schedule. Off only next to the
   * test control, whose /api/test/jobs/:name/run then runs them when a test says so.
   */
  readonly scheduledJobs: boolean;
  /** Where the built client lives; served with an SPA fallback when it exists. */
  readonly staticDir: string;
  /** The public origin (https://campus.example.ac.uk) used for OIDC redirects and feed URLs. */
  readonly publicOrigin: string | undefined;
  readonly oidc: OidcConfig | undefined;
  readonly sessionIdleMinutes: number;
  readonly sessionMaxHours: number;
  /** Sign-in attempts allowed per client address per minute. */
  readonly signInRateLimit: number;
  /** Proxy addresses or CIDRs whose X-Forwarded-* headers are believed. */
  readonly trustedProxies: readonly string[];
  readonly logLevel: string;
  /** A WordPress site whose latest posts are the trending items; unset: the database's own items. */
  readonly trendingWordpressUrl: string | undefined;
  /** How long a WordPress request may take before the last good items are served instead. */
  readonly trendingWordpressTimeoutMs: number;
  /** How long a good WordPress answer is reused before WordPress is asked again. */
  readonly trendingCacheSeconds: number;
  /** The welcome week page; unset: no welcome week link. */
  readonly welcomeWeekUrl: string | undefined;
  /** Optional raster tiles under the campus map: an https URL template with {z}, {x} and {y}. */
  readonly mapBasemap: { readonly tiles: string; readonly attribution: string } | undefined;
  /**
   * The campus networks as `address/prefix` CIDRs (IPv4 and IPv6), where attendance may be
   * registered. In demo mode loopback (127.0.0.0/8, ::1) counts as campus as well, unless
   * `campusDemoLoopback` is off.
   */
  readonly campusNetworks: readonly string[];
  /**
   * Whether loopback counts as campus (CAMPUS_DEMO_LOOPBACK, default on in demo mode, always off
   * outside it). Turning it off lets a local demo see the off-campus (eduroam) refusal.
   */
  readonly campusDemoLoopback: boolean;
  /**
   * Whether users see when an administrator viewed their account, and why (VIEW_AS_NOTICE, on by
   * default). Off, GET /api/user/accountviews answers an empty list; the views are logged all the same.
   */
  readonly viewAsNotice: boolean;
  /** Registration at a monitored class is refused from its start plus this many minutes. */
  readonly attendanceCloseMinutes: number;
  /** The academic calendar (src/server/calendar): year start, teaching weeks, time zone. */
  readonly calendar: CalendarRules;
  readonly push: PushConfig;
  /** Absence evidence files: DATA_DIR/uploads, outside any served directory. */
  readonly uploadsDir: string;
  /** Evidence bytes one user may keep across all their absence requests. */
  readonly uploadQuotaBytes: number;
  /** ABSENCE_REQUESTS_PER_HOUR: absence requests one student may create in any hour. */
  readonly absenceRequestsPerHour: number;
  /** An upload that sends nothing for this long is answered 408 and its connection closed. */
  readonly uploadIdleTimeoutMs: number;
  /** An upload still arriving after this long is answered 408 and its connection closed. */
  readonly uploadTimeoutMs: number;
  /** IMPORT_MAX_MB: the largest data import bundle (zip) an administrator may upload, in bytes. */
  readonly importMaxBytes: number;
  /** INTEGRATION_RATE_LIMIT: requests one integration client's token may make per minute. */
  readonly integrationRateLimit: number;
  /** The analytics provider loaded once a user consents (none by default), with its public ids. */
  readonly analytics: AnalyticsConfig;
  /**
   * ANALYTICS_SEND_VISA_STATUS (off by default): whether the user analytics data the app hands to
   * the analytics provider carries `isStudentVisaHolder`. Immigration status is close to special
   * category data, so a third party gets it only when the operator opts in.
   */
  readonly analyticsSendVisaStatus: boolean;
  readonly support: SupportConfig;
  /** The status feed's sources (src/server/realtime). */
  readonly status: {
    /** STATUS_CHECKS, or in demo mode (when unset) the app's own health endpoint per feature. */
    readonly checks: readonly StatusCheck[];
    readonly checkSeconds: number;
    /** Read Pingdom's checks with this token instead of running STATUS_CHECKS. */
    readonly pingdomApiToken: string | undefined;
  };
}

type Env = Record<string, string | undefined>;

/** The push services of Chrome/Edge/Android (FCM), Firefox, Windows and Safari. */
export const DEFAULT_PUSH_ORIGINS = [
  'https://fcm.googleapis.com',
  'https://updates.push.services.mozilla.com',
  'https://*.notify.windows.com',
  'https://web.push.apple.com',
] as const;

// ---- one variable -------------------------------------------------------------------------------
// A parser turns the (trimmed, non-blank) text of a variable into its value, or returns an
// `Invalid` whose message completes the sentence "<VARIABLE> …"; loadConfig adds the name.

class Invalid {
  constructor(readonly message: string) {}
}

type Parse<T> = (text: string) => T | Invalid;

/** A variable whose unset or blank value means `fallback`. */
function variable<T>(fallback: T, parse: Parse<T>) {
  return z
    .string()
    .optional()
    .transform((raw, ctx): T => {
      const text = raw?.trim();
      if (!text) return fallback;
      const value = parse(text);
      if (value instanceof Invalid) {
        ctx.addIssue({ code: 'custom', message: value.message });
        return z.NEVER;
      }
      return value;
    });
}

const asText: Parse<string> = (text) => text;

const positiveNumber: Parse<number> = (text) => {
  const value = Number(text);
  return Number.isFinite(value) && value > 0 ? value : new Invalid(`must be a positive number, got "${text}"`);
};

const positiveInteger: Parse<number> = (text) => {
  const value = positiveNumber(text);
  if (value instanceof Invalid) return value;
  return Number.isInteger(value) ? value : new Invalid(`must be a whole number, got "${text}"`);
};

/** A pool that can hold the job queue's start-up lock on one connection while pg-boss uses another. */
const poolSize: Parse<number> = (text) => {
  const value = positiveInteger(text);
  if (value instanceof Invalid) return value;
  return value >= 2 ? value : new Invalid(`must be at least 2, got "${text}"`);
};

const port: Parse<number> = (text) => {
  const value = Number(text);
  return /^\d+$/.test(text) && value >= 1 && value <= 65_535 ? value : new Invalid(`must be a port number from 1 to 65535, got "${text}"`);
};

/** `1`/`true` or `0`/`false`. */
const onOff: Parse<boolean> = (text) => {
  const value = text.toLowerCase();
  if (value === '1' || value === 'true') return true;
  if (value === '0' || value === 'false') return false;
  return new Invalid(`must be 1 or 0, got "${text}"`);
};

const commaList = (text: string): string[] => text.split(',').map((item) => item.trim()).filter(Boolean);

const isHttpUrl = (text: string): boolean => URL.canParse(text) && ['http:', 'https:'].includes(new URL(text).protocol);

const httpUrl: Parse<string> = (text) => (isHttpUrl(text) ? text : new Invalid(`must be an http(s) URL, got "${text}"`));

/** An http(s) origin: scheme, host and port, nothing after it; normalised (`https://x/` is `https://x`). */
const origin: Parse<string> = (text) => {
  const url = isHttpUrl(text) ? new URL(text) : undefined;
  const isOrigin = url !== undefined && url.pathname === '/' && !url.search && !url.hash && !url.username && !url.password && !text.endsWith('#') && !text.includes('?');
  return isOrigin ? url.origin : new Invalid(`must be an origin such as https://campus.example.ac.uk (scheme, host and port only), got "${text}"`);
};

/** A single plain address such as support@campus.example.ac.uk (no display name, no list). */
const emailAddress: Parse<string> = (text) =>
  /^[^\s@<>,;"]+@[^\s@<>,;"]+\.[^\s@<>,;"]+$/.test(text) ? text : new Invalid(`must be one email address such as support@campus.example.ac.uk, got "${text}"`);

/** smtp:// (STARTTLS when the server offers it) or smtps:// (TLS from the start), with a host. */
const smtpUrl: Parse<string> = (text) => {
  const url = URL.canParse(text) ? new URL(text) : undefined;
  return url && ['smtp:', 'smtps:'].includes(url.protocol) && url.hostname
    ? text
    : new Invalid('must be an smtp:// or smtps:// URL such as smtps://user:password@smtp.campus.example.ac.uk:465');
};

const tileUrl: Parse<string> = (text) => {
  if (!isHttpUrl(text)) return new Invalid(`must be an http(s) URL, got "${text}"`);
  const isTemplate = text.startsWith('https://') && ['{z}', '{x}', '{y}'].every((part) => text.includes(part));
  return isTemplate ? text : new Invalid(`must be an https tile URL with {z}, {x} and {y}, got "${text}"`);
};

const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
const logLevel: Parse<string> = (text) =>
  isOneOf(logLevels, text) ? text : new Invalid(`must be one of ${logLevels.join(', ')}, got "${text}"`);

function canAddSubnet(address: string, bits: number, family: number): boolean {
  try {
    new BlockList().addSubnet(address, bits, family === 4 ? 'ipv4' : 'ipv6');
    return true;
  } catch {
    return false;
  }
}

/**
 * Comma-separated IPv4/IPv6 CIDRs such as `192.0.2.0/24, 2001:db8::/48` (a bare address is one
 * host), each checked the way `net.BlockList` will use it and normalised to `address/prefix`.
 */
const cidrs: Parse<string[]> = (text) => {
  const result: string[] = [];
  for (const item of commaList(text)) {
    const [address = '', prefix, extra] = item.split('/');
    // A zone (fe80::1%eth0) names an interface of one host, not a network.
    const family = address.includes('%') ? 0 : isIP(address);
    const maxBits = family === 4 ? 32 : 128;
    const bits = prefix === undefined ? maxBits : /^\d{1,3}$/.test(prefix) ? Number(prefix) : Number.NaN;
    const isValid = family !== 0 && extra === undefined && bits >= 0 && bits <= maxBits && canAddSubnet(address, bits, family);
    if (!isValid) return new Invalid(`must be comma-separated CIDRs such as 192.0.2.0/24 or 2001:db8::/48; "${item}" is not one`);
    result.push(`${address}/${bits}`);
  }
  return result;
};

/** Proxy addresses for Fastify's trustProxy: addresses, CIDRs, or proxy-addr's named ranges. */
const proxyKeywords = ['loopback', 'linklocal', 'uniquelocal'];
const trustedProxies: Parse<string[]> = (text) => {
  const items = commaList(text);
  const bad = items.find((item) => !proxyKeywords.includes(item) && cidrs(item) instanceof Invalid);
  return bad === undefined ? items : new Invalid(`must be comma-separated addresses or CIDRs (or loopback, linklocal, uniquelocal); "${bad}" is not one`);
};

const pushOrigins: Parse<string[]> = (text) => {
  const origins = commaList(text);
  const bad = origins.find((item) => !/^https?:\/\/(\*\.)?[a-z0-9.-]+(:\d+)?$/i.test(item));
  return bad === undefined ? origins : new Invalid(`entries must be origins such as https://*.notify.windows.com, got "${bad}"`);
};

const vapidSubject: Parse<string> = (text) =>
  /^(mailto:.+|https:\/\/.+)$/.test(text) ? text : new Invalid(`must be a mailto: or https: URL, got "${text}"`);

const firebaseWebConfig: Parse<FirebaseWebConfig> = (text) => {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return new Invalid('must be the Firebase web app config as JSON, e.g. {"apiKey":"…","projectId":"…","messagingSenderId":"…","appId":"…"}');
  }
  const parsed = z.safeParse(firebaseWebConfigSchema, value);
  return parsed.success ? parsed.data : new Invalid(`lacks ${parsed.error.issues.map((issue) => issue.path.join('.')).join(', ')}`);
};

const base64urlKey: Parse<string> = (text) =>
  /^[A-Za-z0-9_-]+={0,2}$/.test(text) ? text : new Invalid('must be the base64url Web Push certificate key of the Firebase project');

const analyticsProvider: Parse<AnalyticsProviderName> = (text) => {
  const value = text.toLowerCase();
  return isOneOf(analyticsProviders, value)
    ? value
    : new Invalid(`must be one of ${analyticsProviders.join(', ')}, got "${text}"`);
};

/** Letters, digits and . _ - only: the ids end up in a script URL or an attribute. */
const analyticsSiteId: Parse<string> = (text) =>
  /^[A-Za-z0-9._-]{1,100}$/.test(text) ? text : new Invalid(`must be the provider's site id (letters, digits, ".", "_" or "-"), got "${text}"`);

const yearStart: Parse<string> = (text) =>
  parseYearStart(text) ?? new Invalid(`must be a month and day as MM-DD, e.g. 09-30, got "${text}"`);

const teachingWeekSpans: Parse<TeachingSpan[]> = (text) =>
  parseTeachingWeeks(text) ?? new Invalid(`must be rising week spans such as 1-12,16-27,31-32r (r: revision only), got "${text}"`);

const statusChecks: Parse<StatusCheck[]> = (text) => {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return new Invalid('must be a JSON list such as [{"id":"timetable","name":"Timetable","url":"https://…/health","feature":"timetable"}]');
  }
  const parsed = statusChecksSchema.safeParse(value);
  return parsed.success ? parsed.data : new Invalid(`is not a valid list of checks: ${parsed.error.issues.map((issue) => `${issue.path.join('.') || 'list'}: ${issue.message}`).join('; ')}`);
};

/**
 * An ISO 8601 instant with its offset (`Z` or `±hh:mm`), e.g. 2026-10-05T08:55:00+01:00: a local
 * time alone would mean a different instant on every machine.
 */
const instantWithOffset: Parse<Date> = (text) => {
  const isIsoWithOffset = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/i.test(text);
  const instant = new Date(text);
  return isIsoWithOffset && !Number.isNaN(instant.getTime())
    ? instant
    : new Invalid(`must be an ISO 8601 instant with an offset, such as 2026-10-05T08:55:00+01:00 or 2026-10-05T07:55:00Z, got "${text}"`);
};

const timeZone: Parse<string> = (text) => (isTimeZone(text) ? text : new Invalid(`must be an IANA time zone such as Europe/London, got "${text}"`));

// ---- every variable -------------------------------------------------------------------------------

/**
 * Every environment variable the server reads, with its type, default and error. Each is
 * documented in src/server/configDocs.ts (the type demands it), from which docs/configuration.md is
 * generated (tests/server/configDocs.test.ts keeps the page, the docs and this schema in step).
 * `undefined` defaults are filled in by loadConfig where they depend on other variables.
 */
export const configSchema = z.object({
  PORT: variable(8080, port),
  HOST: variable('127.0.0.1', asText),
  DATA_DIR: variable<string | undefined>(undefined, asText),
  DATABASE_URL: variable<string | undefined>(undefined, asText),
  DATABASE_DIRECT_URL: variable<string | undefined>(undefined, asText),
  DATABASE_POOL_SIZE: variable(10, poolSize),
  NODE_ENV: variable<string | undefined>(undefined, asText),
  DEMO: variable<boolean | undefined>(undefined, onOff),
  PUBLIC_ORIGIN: variable<string | undefined>(undefined, origin),
  TRUSTED_PROXIES: variable<string[]>([], trustedProxies),
  SESSION_IDLE_MINUTES: variable(60, positiveInteger),
  SESSION_MAX_HOURS: variable(12, positiveNumber),
  SIGNIN_RATE_LIMIT: variable(30, positiveInteger),
  STATIC_DIR: variable('dist', asText),
  LOG_LEVEL: variable<string | undefined>(undefined, logLevel),
  TRENDING_WORDPRESS_URL: variable<string | undefined>(undefined, httpUrl),
  TRENDING_WORDPRESS_TIMEOUT_MS: variable(3000, positiveInteger),
  TRENDING_CACHE_SECONDS: variable(300, positiveNumber),
  WELCOME_WEEK_URL: variable<string | undefined>(undefined, httpUrl),
  MAP_BASEMAP_URL: variable<string | undefined>(undefined, tileUrl),
  MAP_BASEMAP_ATTRIBUTION: variable<string | undefined>(undefined, asText),
  CAMPUS_NETWORKS: variable<string[]>([], cidrs),
  CAMPUS_DEMO_LOOPBACK: variable(true, onOff),
  VIEW_AS_NOTICE: variable(true, onOff),
  ATTENDANCE_CLOSE_MINUTES: variable(attendanceRegistration.closesMinutesAfterStart, positiveInteger),
  ACADEMIC_YEAR_START: variable(DEFAULT_CALENDAR.yearStart, yearStart),
  TEACHING_WEEKS: variable<TeachingSpan[]>([...DEFAULT_CALENDAR.teachingWeeks], teachingWeekSpans),
  TIME_ZONE: variable(DEFAULT_CALENDAR.timeZone, timeZone),
  UPLOAD_QUOTA_MB: variable(50, positiveNumber),
  ABSENCE_REQUESTS_PER_HOUR: variable(20, positiveInteger),
  UPLOAD_IDLE_TIMEOUT_SECONDS: variable(30, positiveNumber),
  UPLOAD_TIMEOUT_SECONDS: variable(600, positiveNumber),
  IMPORT_MAX_MB: variable(200, positiveInteger),
  INTEGRATION_RATE_LIMIT: variable(120, positiveInteger),
  OIDC_ISSUER: variable<string | undefined>(undefined, httpUrl),
  OIDC_CLIENT_ID: variable<string | undefined>(undefined, asText),
  OIDC_CLIENT_SECRET: variable<string | undefined>(undefined, asText),
  OIDC_SCOPES: variable('openid profile email', asText),
  OIDC_ROLES_CLAIM: variable('roles', asText),
  OIDC_GROUPS_CLAIM: variable('groups', asText),
  OIDC_USERNAME_CLAIM: variable('preferred_username', asText),
  // Set but blank means "no origins at all", so only unset gives the defaults.
  PUSH_ALLOWED_ORIGINS: z
    .string()
    .optional()
    .transform((raw, ctx): string[] => {
      if (raw === undefined) return [...DEFAULT_PUSH_ORIGINS];
      const value = pushOrigins(raw);
      if (value instanceof Invalid) {
        ctx.addIssue({ code: 'custom', message: value.message });
        return z.NEVER;
      }
      return value;
    }),
  PUSH_VAPID_SUBJECT: variable<string | undefined>(undefined, vapidSubject),
  PUSH_MAX_ATTEMPTS: variable(5, positiveInteger),
  PUSH_RETRY_BASE_MS: variable(2000, positiveInteger),
  PUSH_QUEUE_LIMIT: variable(10_000, positiveInteger),
  FCM_SERVICE_ACCOUNT_JSON: variable<string | undefined>(undefined, asText),
  FIREBASE_WEB_CONFIG: variable<FirebaseWebConfig | undefined>(undefined, firebaseWebConfig),
  FIREBASE_WEB_VAPID_KEY: variable<string | undefined>(undefined, base64urlKey),
  ANALYTICS_PROVIDER: variable<AnalyticsProviderName>('none', analyticsProvider),
  ANALYTICS_SITE_ID: variable<string | undefined>(undefined, analyticsSiteId),
  ANALYTICS_URL: variable<string | undefined>(undefined, httpUrl),
  ANALYTICS_SEND_VISA_STATUS: variable(false, onOff),
  SUPPORT_TEAM_EMAIL: variable<string | undefined>(undefined, emailAddress),
  SMTP_URL: variable<string | undefined>(undefined, smtpUrl),
  SMTP_FROM: variable<string | undefined>(undefined, emailAddress),
  SUPPORT_URGENT_TEXT: variable(DEFAULT_SUPPORT_URGENT_TEXT, asText),
  STATUS_CHECKS: variable<StatusCheck[] | undefined>(undefined, statusChecks),
  STATUS_CHECK_SECONDS: variable(60, positiveInteger),
  PINGDOM_API_TOKEN: variable<string | undefined>(undefined, asText),
  CLOCK_START: variable<Date | undefined>(undefined, instantWithOffset),
  E2E_TEST_CONTROL: variable(false, onOff),
  SCHEDULED_JOBS: variable(true, onOff),
});

export type ConfigVariable = keyof typeof configSchema.shape;
type Variables = z.output<typeof configSchema>;

/** A configuration the server cannot start with; the message names every offending variable. */
export class ConfigError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(`Invalid configuration: ${problems.join('; ')}`);
    this.name = 'ConfigError';
  }
}

/** The rules that involve more than one variable; each problem names the variables. */
function crossChecks(v: Variables): string[] {
  const problems: string[] = [];
  const oidcSet = [v.OIDC_ISSUER, v.OIDC_CLIENT_ID, v.OIDC_CLIENT_SECRET].filter((value) => value !== undefined).length;
  if (oidcSet > 0 && oidcSet < 3) problems.push('OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET must be set together');
  if (v.DATABASE_DIRECT_URL && !v.DATABASE_URL) problems.push('DATABASE_DIRECT_URL needs DATABASE_URL (it is a second way into that database)');
  if (v.NODE_ENV === 'production' && !v.PUBLIC_ORIGIN) {
    problems.push('PUBLIC_ORIGIN is required in production (NODE_ENV=production): set it to the origin users open, e.g. https://campus.example.ac.uk');
  }
  if ((v.FIREBASE_WEB_CONFIG === undefined) !== (v.FIREBASE_WEB_VAPID_KEY === undefined)) {
    problems.push('FIREBASE_WEB_CONFIG and FIREBASE_WEB_VAPID_KEY must be set together');
  } else if (v.FIREBASE_WEB_CONFIG && !v.FCM_SERVICE_ACCOUNT_JSON) {
    problems.push('FIREBASE_WEB_CONFIG needs FCM_SERVICE_ACCOUNT_JSON, so the server can send to the tokens web clients get');
  }
  if (v.NODE_ENV === 'production' && v.CLOCK_START) {
    problems.push('CLOCK_START is refused in production (NODE_ENV=production): a production server runs on the real time; unset CLOCK_START');
  }
  if (v.NODE_ENV === 'production' && v.E2E_TEST_CONTROL) {
    problems.push('E2E_TEST_CONTROL is refused in production (NODE_ENV=production): it lets anyone move the server\'s clock; unset E2E_TEST_CONTROL');
  }
  if (!v.SCHEDULED_JOBS && !v.E2E_TEST_CONTROL) {
    problems.push('SCHEDULED_JOBS=0 needs E2E_TEST_CONTROL=1: with no schedule and no test control, registers would never close and nothing would be cleaned up; unset SCHEDULED_JOBS');
  }
  if (v.SUPPORT_TEAM_EMAIL && !v.SMTP_URL) problems.push('SUPPORT_TEAM_EMAIL needs SMTP_URL, the mail server that sends the email');
  problems.push(...analyticsProblems(v));
  return problems;
}

/** The default script host of the hosted cookieless services. */
const analyticsDefaultUrls: Partial<Record<AnalyticsProviderName, string>> = {
  plausible: 'https://plausible.io',
  umami: 'https://cloud.umami.is',
};

function analyticsProblems(v: Variables): string[] {
  const provider = v.ANALYTICS_PROVIDER;
  if (provider === 'none') return [];
  const problems: string[] = [];
  if (!v.ANALYTICS_SITE_ID) problems.push(`ANALYTICS_PROVIDER=${provider} needs ANALYTICS_SITE_ID`);
  if (provider === 'ga4' && v.ANALYTICS_SITE_ID && !/^G-[A-Z0-9]+$/.test(v.ANALYTICS_SITE_ID)) {
    problems.push(`ANALYTICS_SITE_ID must be a GA4 measurement id such as G-ABC123XYZ, got "${v.ANALYTICS_SITE_ID}"`);
  }
  if (provider === 'matomo' && !v.ANALYTICS_URL) problems.push('ANALYTICS_PROVIDER=matomo needs ANALYTICS_URL (the Matomo instance, e.g. https://matomo.example.ac.uk/)');
  return problems;
}

/** The provider's settings for the client; loadConfig has checked that the ones it needs are set. */
function analyticsConfig(v: Variables): AnalyticsConfig {
  const siteId = v.ANALYTICS_SITE_ID ?? '';
  const base = (v.ANALYTICS_URL ?? analyticsDefaultUrls[v.ANALYTICS_PROVIDER] ?? '').replace(/\/+$/, '');
  switch (v.ANALYTICS_PROVIDER) {
    case 'none':
      return { provider: 'none' };
    case 'ga4':
      return { provider: 'ga4', measurementId: siteId };
    case 'plausible':
      return { provider: 'plausible', scriptUrl: `${base}/js/script.js`, domain: siteId };
    case 'umami':
      return { provider: 'umami', scriptUrl: `${base}/script.js`, websiteId: siteId };
    case 'matomo':
      return { provider: 'matomo', baseUrl: `${base}/`, siteId };
  }
}

/** Reads the configuration from the environment; throws a ConfigError naming each bad variable. */
export function loadConfig(env: Env = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.map(String).join('.')} ${issue.message}`));
  }
  const v = parsed.data;
  const problems = crossChecks(v);
  if (problems.length > 0) throw new ConfigError(problems);

  const isProduction = v.NODE_ENV === 'production';
  const oidc: OidcConfig | undefined =
    v.OIDC_ISSUER && v.OIDC_CLIENT_ID && v.OIDC_CLIENT_SECRET
      ? {
          issuer: v.OIDC_ISSUER,
          clientId: v.OIDC_CLIENT_ID,
          clientSecret: v.OIDC_CLIENT_SECRET,
          scopes: v.OIDC_SCOPES,
          groupsClaim: v.OIDC_GROUPS_CLAIM,
          rolesClaim: v.OIDC_ROLES_CLAIM,
          usernameClaim: v.OIDC_USERNAME_CLAIM,
        }
      : undefined;
  // Demo personas never sit next to a real identity provider unless DEMO=1 asks for it.
  const isDemo = v.DEMO ?? (!isProduction && oidc === undefined);
  // Only the embedded PostgreSQL's own OS user needs to reach DATA_DIR; with DATABASE_URL it stays ./data.
  const dataDirDefault = v.DATA_DIR === undefined ? defaultDataDir(process.cwd(), !v.DATABASE_URL && process.getuid?.() === 0) : undefined;
  const dataDir = v.DATA_DIR === undefined ? (dataDirDefault?.dir ?? resolve('data')) : resolve(v.DATA_DIR);
  const publicOrigin = v.PUBLIC_ORIGIN;
  return {
    port: v.PORT,
    host: v.HOST,
    dataDir,
    dataDirNote: dataDirDefault?.note,
    databaseUrl: v.DATABASE_URL,
    databaseDirectUrl: v.DATABASE_DIRECT_URL,
    databasePoolSize: v.DATABASE_POOL_SIZE,
    isProduction,
    isDemo,
    clockStart: v.CLOCK_START,
    testControl: v.E2E_TEST_CONTROL,
    scheduledJobs: v.SCHEDULED_JOBS,
    staticDir: resolve(v.STATIC_DIR),
    publicOrigin,
    oidc,
    sessionIdleMinutes: v.SESSION_IDLE_MINUTES,
    sessionMaxHours: v.SESSION_MAX_HOURS,
    signInRateLimit: v.SIGNIN_RATE_LIMIT,
    trustedProxies: v.TRUSTED_PROXIES,
    logLevel: v.LOG_LEVEL ?? (isProduction ? 'info' : 'warn'),
    trendingWordpressUrl: v.TRENDING_WORDPRESS_URL?.replace(/\/+$/, ''),
    trendingWordpressTimeoutMs: v.TRENDING_WORDPRESS_TIMEOUT_MS,
    trendingCacheSeconds: v.TRENDING_CACHE_SECONDS,
    welcomeWeekUrl: v.WELCOME_WEEK_URL,
    mapBasemap: v.MAP_BASEMAP_URL ? { tiles: v.MAP_BASEMAP_URL, attribution: v.MAP_BASEMAP_ATTRIBUTION ?? new URL(v.MAP_BASEMAP_URL).hostname } : undefined,
    campusNetworks: v.CAMPUS_NETWORKS,
    campusDemoLoopback: isDemo && v.CAMPUS_DEMO_LOOPBACK,
    viewAsNotice: v.VIEW_AS_NOTICE,
    attendanceCloseMinutes: v.ATTENDANCE_CLOSE_MINUTES,
    calendar: { yearStart: v.ACADEMIC_YEAR_START, teachingWeeks: v.TEACHING_WEEKS, timeZone: v.TIME_ZONE },
    push: {
      allowedOrigins: v.PUSH_ALLOWED_ORIGINS,
      vapidSubject: v.PUSH_VAPID_SUBJECT ?? (publicOrigin?.startsWith('https://') ? publicOrigin : 'mailto:push@campus-companion.invalid'),
      maxAttempts: v.PUSH_MAX_ATTEMPTS,
      retryBaseMs: v.PUSH_RETRY_BASE_MS,
      queueLimit: v.PUSH_QUEUE_LIMIT,
      fcmServiceAccount: v.FCM_SERVICE_ACCOUNT_JSON,
      firebaseWeb: v.FIREBASE_WEB_CONFIG && v.FIREBASE_WEB_VAPID_KEY ? { config: v.FIREBASE_WEB_CONFIG, vapidKey: v.FIREBASE_WEB_VAPID_KEY } : undefined,
    },
    uploadsDir: join(dataDir, 'uploads'),
    uploadQuotaBytes: Math.round(v.UPLOAD_QUOTA_MB * 1024 * 1024),
    absenceRequestsPerHour: v.ABSENCE_REQUESTS_PER_HOUR,
    uploadIdleTimeoutMs: Math.round(v.UPLOAD_IDLE_TIMEOUT_SECONDS * 1000),
    uploadTimeoutMs: Math.round(v.UPLOAD_TIMEOUT_SECONDS * 1000),
    importMaxBytes: v.IMPORT_MAX_MB * 1024 * 1024,
    integrationRateLimit: v.INTEGRATION_RATE_LIMIT,
    analytics: analyticsConfig(v),
    analyticsSendVisaStatus: v.ANALYTICS_SEND_VISA_STATUS,
    support: { teamEmail: v.SUPPORT_TEAM_EMAIL, smtpUrl: v.SMTP_URL, fromAddress: v.SMTP_FROM ?? v.SUPPORT_TEAM_EMAIL, urgentText: v.SUPPORT_URGENT_TEXT },
    status: {
      checks: v.STATUS_CHECKS ?? (isDemo ? demoChecks(v.HOST, v.PORT) : []),
      checkSeconds: v.STATUS_CHECK_SECONDS,
      pingdomApiToken: v.PINGDOM_API_TOKEN,
    },
  };
}

/** What the start-up log must shout about: settings that are unsafe for a real deployment. */
export function configWarnings(config: Config): string[] {
  const warnings: string[] = [];
  if (config.isDemo && config.oidc) {
    warnings.push('DEMO=1 next to OpenID Connect: anyone can sign in as a demo persona, Administrator included, without a password. Never run a real deployment like this.');
  } else if (config.isDemo && config.isProduction) {
    warnings.push('DEMO=1 in production: anyone can sign in as a demo persona, Administrator included, without a password.');
  }
  return warnings;
}
