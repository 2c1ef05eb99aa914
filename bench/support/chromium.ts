/** The system Chromium the benchmarks and the e2e suite drive (Playwright's own browsers are never downloaded). */
export const chromiumPath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/** The flags headless Chromium needs on this kind of machine (README), for every benchmark and playwright.config.ts. */
export const chromiumFlags = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
] as const;

/**
 * The environment Chromium starts with: the caller's, without libfaketime. Under
 * `LD_PRELOAD=…libfaketime…` (scripts/e2e-at.sh) Chromium's zygote fails and its pages hang, so
 * the browser keeps the machine's real clock; every e2e page runs on its server's time anyway
 * (e2e/fixtures.ts installs it).
 */
export function chromiumEnv(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(process.env)) if (value !== undefined) env[name] = value;
  const preload = (env.LD_PRELOAD ?? '').split(':').filter((library) => library !== '' && !library.includes('faketime'));
  if (preload.length > 0) env.LD_PRELOAD = preload.join(':');
  else delete env.LD_PRELOAD;
  return env;
}
