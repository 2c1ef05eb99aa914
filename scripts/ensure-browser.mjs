#!/usr/bin/env node
// Makes sure the operating system's Chromium is there for Playwright (GUIDE "Testing"). Never
// downloads Playwright's own browsers: on Debian, as root, it installs the distribution package.
import { spawnSync } from 'node:child_process';
import { accessSync, constants, existsSync } from 'node:fs';

const defaultPath = '/usr/bin/chromium';
const chromiumPath = process.env.CHROMIUM_PATH || defaultPath;

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

function report() {
  const version = spawnSync(chromiumPath, ['--version'], { encoding: 'utf8' });
  const text = version.status === 0 ? version.stdout.trim() : 'version unknown';
  console.log(`ensure-browser: using ${chromiumPath} (${text})`);
}

if (isExecutable(chromiumPath)) {
  report();
  process.exit(0);
}

if (chromiumPath !== defaultPath) {
  fail(`CHROMIUM_PATH=${chromiumPath} is not an executable file. Point it at a Chromium or Chrome binary.`);
}

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const isDebian = existsSync('/etc/debian_version') && isExecutable('/usr/bin/apt-get');
if (!isRoot || !isDebian) {
  fail(
    `no Chromium at ${defaultPath}. Install your distribution's chromium package ` +
      '(Debian/Ubuntu: `sudo apt-get install chromium`) or set CHROMIUM_PATH to a Chromium or Chrome binary.',
  );
}

run('apt-get', ['update']);
run('apt-get', ['install', '-y', 'chromium']);
if (!isExecutable(chromiumPath)) fail(`apt-get installed chromium, but ${chromiumPath} is still missing`);
report();
