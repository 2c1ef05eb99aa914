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
