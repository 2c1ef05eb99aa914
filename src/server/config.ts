import { resolve } from 'node:path';

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

/** Reads the configuration from the environment; throws with a clear message on bad values. */
export function loadConfig(env: Env = process.env): Config {
  const isProduction = env.NODE_ENV === 'production';
  const demoFlag = env.DEMO;
  const isDemo = demoFlag === undefined || demoFlag === '' ? !isProduction : demoFlag === '1' || demoFlag === 'true';
  const dataDir = resolve(env.DATA_DIR ?? './data');
  return {
    port: positiveNumber(env, 'PORT', 8080),
    host: env.HOST ?? '127.0.0.1',
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    isProduction,
    isDemo,
    staticDir: resolve(env.STATIC_DIR ?? 'dist'),
    publicOrigin: env.PUBLIC_ORIGIN?.replace(/\/+$/, '') || undefined,
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
  };
}
