/** The system Chromium the benchmarks and the e2e suite drive (Playwright's own browsers are never downloaded). */
export const chromiumPath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/**
 * Chromium's headless shell (Debian's `chromium-headless-shell`): the same Blink, V8 and network
 * stack without the full browser's user interface layer, which is what Playwright itself runs
 * headless tests in. It used about a fifth less CPU than the full browser on the same specs. It has
 * no PDF viewer, no Push API and no session restore: the specs that need those run in the full
 * browser (playwright.config.ts).
 */
export const chromiumShellPath = process.env.CHROMIUM_SHELL_PATH || '/usr/bin/chromium-headless-shell';

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
