#!/usr/bin/env node
// Makes sure the operating system's Chromium builds are there for Playwright (GUIDE "Testing"):
// the full browser (`chromium`) and its headless shell (`chromium-headless-shell`, the lighter
// build most specs run in; playwright.config.ts says which need the full one). Never downloads
// Playwright's own browsers: on Debian, as root, it installs the distribution's packages.
import { spawnSync } from 'node:child_process';
import { accessSync, constants, existsSync } from 'node:fs';

/** Each browser: where it is looked for, the variable that moves it, and Debian's package for it. */
const browsers = [
  { variable: 'CHROMIUM_PATH', defaultPath: '/usr/bin/chromium', debianPackage: 'chromium' },
  { variable: 'CHROMIUM_SHELL_PATH', defaultPath: '/usr/bin/chromium-headless-shell', debianPackage: 'chromium-headless-shell' },
].map((browser) => ({ ...browser, path: process.env[browser.variable] || browser.defaultPath }));

function isExecutable(path) {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function fail(message) {
  console.error(`ensure-browser: ${message}`);
  process.exit(1);
}

function run(command, args) {
  console.log(`ensure-browser: ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, {
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  if (result.error) fail(`${command} could not start: ${result.error.message}`);
  if (result.status !== 0) fail(`${command} ${args.join(' ')} failed with exit code ${result.status}`);
}

function report(path) {
  const version = spawnSync(path, ['--version'], { encoding: 'utf8' });
  const text = version.status === 0 ? version.stdout.trim() : 'version unknown';
  console.log(`ensure-browser: using ${path} (${text})`);
}

const missing = browsers.filter((browser) => !isExecutable(browser.path));
for (const browser of missing) {
  if (browser.path !== browser.defaultPath) {
    fail(`${browser.variable}=${browser.path} is not an executable file. Point it at a ${browser.debianPackage} binary.`);
  }
}

if (missing.length > 0) {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const isDebian = existsSync('/etc/debian_version') && isExecutable('/usr/bin/apt-get');
  const packages = missing.map((browser) => browser.debianPackage);
  if (!isRoot || !isDebian) {
    fail(
      `no ${missing.map((browser) => browser.defaultPath).join(' or ')}. Install your distribution's ${packages.join(' and ')} ` +
        `package (Debian/Ubuntu: \`sudo apt-get install ${packages.join(' ')}\`) or set ${missing.map((browser) => browser.variable).join(' and ')}.`,
    );
  }
  run('apt-get', ['update']);
  run('apt-get', ['install', '-y', ...packages]);
  for (const browser of missing) {
    if (!isExecutable(browser.path)) fail(`apt-get installed ${browser.debianPackage}, but ${browser.path} is still missing`);
  }
}
for (const browser of browsers) report(browser.path);
