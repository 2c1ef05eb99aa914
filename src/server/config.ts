import { BlockList, isIP } from 'node:net';
import { join, resolve } from 'node:path';
import { z } from 'zod/mini';
import { attendanceRegistration } from '../shared/constants.js';
import { firebaseWebConfigSchema, type FirebaseWebConfig } from '../shared/contract/notifications.js';

export interface OidcConfig {
  readonly issuer: string;
  readonly clientId: string;
  readonly clientSecret: string;
  readonly scopes: string;
  /** Claim holding directory group ids (Entra: `groups`). */
  readonly groupsClaim: string;
  /** Claim holding app roles (Entra: `roles`). */
  readonly rolesClaim: string;
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

export interface Config {
  readonly port: number;
  readonly host: string;
  readonly dataDir: string;
  /** Unset: an embedded PostgreSQL under DATA_DIR/postgres. */
  readonly databaseUrl: string | undefined;
  readonly isProduction: boolean;
  readonly isDemo: boolean;
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
  /** Registration at a monitored class is refused from its start plus this many minutes. */
  readonly attendanceCloseMinutes: number;
  readonly push: PushConfig;
  /** Absence evidence files: DATA_DIR/uploads, outside any served directory. */
  readonly uploadsDir: string;
  /** Evidence bytes one user may keep across all their absence requests. */
  readonly uploadQuotaBytes: number;
  /** An upload that sends nothing for this long is answered 408 and its connection closed. */
  readonly uploadIdleTimeoutMs: number;
  /** An upload still arriving after this long is answered 408 and its connection closed. */
  readonly uploadTimeoutMs: number;
}

type Env = Record<string, string | undefined>;

function positiveNumber(env: Env, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number, got "${raw}"`);
  return value;
}

function positiveInteger(env: Env, name: string, fallback: number): number {
  const value = positiveNumber(env, name, fallback);
  if (!Number.isInteger(value)) throw new Error(`${name} must be a whole number, got "${env[name]}"`);
  return value;
}

/** `1`/`true` or `0`/`false`; unset or blank: the fallback. */
function onOff(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name]?.trim().toLowerCase();
  if (raw === undefined || raw === '') return fallback;
  if (raw === '1' || raw === 'true') return true;
  if (raw === '0' || raw === 'false') return false;
  throw new Error(`${name} must be 1 or 0, got "${env[name]}"`);
}

function list(raw: string | undefined): string[] {
  return (raw ?? '').split(',').map((item) => item.trim()).filter(Boolean);
}

/** An absolute http(s) URL, or undefined when unset or blank. */
function httpUrl(env: Env, name: string): string | undefined {
  const raw = env[name]?.trim();
  if (!raw) return undefined;
  const protocol = URL.canParse(raw) ? new URL(raw).protocol : '';
  if (protocol !== 'http:' && protocol !== 'https:') throw new Error(`${name} must be an http(s) URL, got "${raw}"`);
  return raw;
}

function readBasemap(env: Env): Config['mapBasemap'] {
  const tiles = httpUrl(env, 'MAP_BASEMAP_URL');
  if (!tiles) return undefined;
  if (!tiles.startsWith('https://') || !['{z}', '{x}', '{y}'].every((part) => tiles.includes(part))) {
    throw new Error(`MAP_BASEMAP_URL must be an https tile URL with {z}, {x} and {y}, got "${tiles}"`);
  }
  return { tiles, attribution: env.MAP_BASEMAP_ATTRIBUTION?.trim() || new URL(tiles).hostname };
}

/**
 * Comma-separated IPv4/IPv6 CIDRs such as `192.0.2.0/24, 2001:db8::/48` (a bare address is one
 * host), each checked the way `net.BlockList` will use it and normalised to `address/prefix`.
 */
function cidrList(env: Env, name: string): string[] {
  return list(env[name]).map((item) => {
    const [address = '', prefix, extra] = item.split('/');
    // A zone (fe80::1%eth0) names an interface of one host, not a network.
    const family = address.includes('%') ? 0 : isIP(address);
    const maxBits = family === 4 ? 32 : 128;
    const bits = prefix === undefined ? maxBits : /^\d{1,3}$/.test(prefix) ? Number(prefix) : Number.NaN;
    const isValid = family !== 0 && extra === undefined && bits >= 0 && bits <= maxBits && canAddSubnet(address, bits, family);
    if (!isValid) throw new Error(`${name} must be comma-separated CIDRs such as 192.0.2.0/24 or 2001:db8::/48; "${item}" is not one`);
    return `${address}/${bits}`;
  });
}

function canAddSubnet(address: string, bits: number, family: number): boolean {
  try {
    new BlockList().addSubnet(address, bits, family === 4 ? 'ipv4' : 'ipv6');
    return true;
  } catch {
    return false;
  }
}

function readOidc(env: Env): OidcConfig | undefined {
  const issuer = env.OIDC_ISSUER;
  const clientId = env.OIDC_CLIENT_ID;
  const clientSecret = env.OIDC_CLIENT_SECRET;
  if (!issuer && !clientId && !clientSecret) return undefined;
  if (!issuer || !clientId || !clientSecret) {
    throw new Error('OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET must be set together');
  }
  return {
    issuer,
    clientId,
    clientSecret,
    scopes: env.OIDC_SCOPES ?? 'openid profile email',
    groupsClaim: env.OIDC_GROUPS_CLAIM ?? 'groups',
    rolesClaim: env.OIDC_ROLES_CLAIM ?? 'roles',
  };
}

/** The push services of Chrome/Edge/Android (FCM), Firefox, Windows and Safari. */
export const DEFAULT_PUSH_ORIGINS = [
  'https://fcm.googleapis.com',
  'https://updates.push.services.mozilla.com',
  'https://*.notify.windows.com',
  'https://web.push.apple.com',
] as const;

function readPush(env: Env, publicOrigin: string | undefined): PushConfig {
  const allowedOrigins = env.PUSH_ALLOWED_ORIGINS === undefined ? [...DEFAULT_PUSH_ORIGINS] : list(env.PUSH_ALLOWED_ORIGINS);
  for (const origin of allowedOrigins) {
    if (!/^https?:\/\/(\*\.)?[a-z0-9.-]+(:\d+)?$/i.test(origin)) {
      throw new Error(`PUSH_ALLOWED_ORIGINS entries must be origins such as https://*.notify.windows.com, got "${origin}"`);
    }
  }
  const vapidSubject = env.PUSH_VAPID_SUBJECT?.trim() || (publicOrigin?.startsWith('https://') ? publicOrigin : 'mailto:push@campus-companion.invalid');
  if (!/^(mailto:.+|https:\/\/.+)$/.test(vapidSubject)) throw new Error(`PUSH_VAPID_SUBJECT must be a mailto: or https: URL, got "${vapidSubject}"`);
  const fcmServiceAccount = env.FCM_SERVICE_ACCOUNT_JSON?.trim() || undefined;
  return {
    allowedOrigins,
    vapidSubject,
    maxAttempts: positiveInteger(env, 'PUSH_MAX_ATTEMPTS', 5),
    retryBaseMs: positiveInteger(env, 'PUSH_RETRY_BASE_MS', 2000),
    queueLimit: positiveInteger(env, 'PUSH_QUEUE_LIMIT', 10_000),
    fcmServiceAccount,
    firebaseWeb: readFirebaseWeb(env, fcmServiceAccount !== undefined),
  };
}

/** FIREBASE_WEB_CONFIG (the web app's config JSON) and FIREBASE_WEB_VAPID_KEY, set together. */
function readFirebaseWeb(env: Env, hasFcm: boolean): PushConfig['firebaseWeb'] {
  const json = env.FIREBASE_WEB_CONFIG?.trim();
  const vapidKey = env.FIREBASE_WEB_VAPID_KEY?.trim();
  if (!json && !vapidKey) return undefined;
  if (!json || !vapidKey) throw new Error('FIREBASE_WEB_CONFIG and FIREBASE_WEB_VAPID_KEY must be set together');
  if (!hasFcm) throw new Error('FIREBASE_WEB_CONFIG needs FCM_SERVICE_ACCOUNT_JSON, so the server can send to the tokens web clients get');
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    throw new Error('FIREBASE_WEB_CONFIG must be the Firebase web app config as JSON, e.g. {"apiKey":"…","projectId":"…","messagingSenderId":"…","appId":"…"}');
  }
  const parsed = z.safeParse(firebaseWebConfigSchema, value);
  if (!parsed.success) throw new Error(`FIREBASE_WEB_CONFIG lacks ${parsed.error.issues.map((issue) => issue.path.join('.')).join(', ')}`);
  if (!/^[A-Za-z0-9_-]+={0,2}$/.test(vapidKey)) throw new Error('FIREBASE_WEB_VAPID_KEY must be the base64url Web Push certificate key of the Firebase project');
  return { config: parsed.data, vapidKey };
}

/** Reads the configuration from the environment; throws with a clear message on bad values. */
export function loadConfig(env: Env = process.env): Config {
  const isProduction = env.NODE_ENV === 'production';
  const demoFlag = env.DEMO;
  const isDemo = demoFlag === undefined || demoFlag === '' ? !isProduction : demoFlag === '1' || demoFlag === 'true';
  const dataDir = resolve(env.DATA_DIR ?? './data');
  const publicOrigin = env.PUBLIC_ORIGIN?.replace(/\/+$/, '') || undefined;
  return {
    port: positiveNumber(env, 'PORT', 8080),
    host: env.HOST ?? '127.0.0.1',
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    isProduction,
    isDemo,
    staticDir: resolve(env.STATIC_DIR ?? 'dist'),
    publicOrigin,
    oidc: readOidc(env),
    sessionIdleMinutes: positiveInteger(env, 'SESSION_IDLE_MINUTES', 60),
    sessionMaxHours: positiveNumber(env, 'SESSION_MAX_HOURS', 12),
    signInRateLimit: positiveNumber(env, 'SIGNIN_RATE_LIMIT', 30),
    trustedProxies: list(env.TRUSTED_PROXIES),
    logLevel: env.LOG_LEVEL ?? (isProduction ? 'info' : 'warn'),
    trendingWordpressUrl: httpUrl(env, 'TRENDING_WORDPRESS_URL')?.replace(/\/+$/, ''),
    trendingWordpressTimeoutMs: positiveInteger(env, 'TRENDING_WORDPRESS_TIMEOUT_MS', 3000),
    trendingCacheSeconds: positiveNumber(env, 'TRENDING_CACHE_SECONDS', 300),
    welcomeWeekUrl: httpUrl(env, 'WELCOME_WEEK_URL'),
    mapBasemap: readBasemap(env),
    campusNetworks: cidrList(env, 'CAMPUS_NETWORKS'),
    campusDemoLoopback: isDemo && onOff(env, 'CAMPUS_DEMO_LOOPBACK', true),
    attendanceCloseMinutes: positiveInteger(env, 'ATTENDANCE_CLOSE_MINUTES', attendanceRegistration.closesMinutesAfterStart),
    push: readPush(env, publicOrigin),
    uploadsDir: join(dataDir, 'uploads'),
    uploadQuotaBytes: Math.round(positiveNumber(env, 'UPLOAD_QUOTA_MB', 50) * 1024 * 1024),
    uploadIdleTimeoutMs: Math.round(positiveNumber(env, 'UPLOAD_IDLE_TIMEOUT_SECONDS', 30) * 1000),
    uploadTimeoutMs: Math.round(positiveNumber(env, 'UPLOAD_TIMEOUT_SECONDS', 600) * 1000),
  };
}
