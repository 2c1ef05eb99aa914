#!/usr/bin/env node
// `npm test`: everything CI runs, in stages. The checks of a stage run side by side, each on its
// own, and stop the run at the first failure. Typecheck, lint and the client build each keep one
// core busy and need nothing from each other, so on a 2-core machine they take about the time of
// the longest of them rather than their sum. The count of type escapes (scripts/type-escapes.ts)
// takes a few seconds beside them. The unit suite and the e2e suite each fill the cores
// by themselves (Vitest's and Playwright's own workers), so they run alone, one after the other.
// A parallel check's output is printed whole when it ends, so the logs never interleave.
import { spawn } from 'node:child_process';

/** @type {{ name: string, checks: string[] }[]} */
const stages = [
  { name: 'static checks and build', checks: ['typecheck', 'lint', 'test:type-escapes', 'build'] },
  { name: 'bundle budget', checks: ['test:budget'] },
  { name: 'unit and integration', checks: ['test:unit'] },
  { name: 'end to end', checks: ['test:e2e'] },
];

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
/** @type {Set<import('node:child_process').ChildProcess>} */
const running = new Set();

const seconds = (startedAt) => `${((performance.now() - startedAt) / 1000).toFixed(0)} s`;

/** Runs `npm run <script>`; alone it streams its output, beside others it prints it at the end. */
function runScript(script, isAlone) {
  return new Promise((resolve) => {
    const startedAt = performance.now();
    const child = spawn(npm, ['run', '--silent', script], { stdio: isAlone ? 'inherit' : ['ignore', 'pipe', 'pipe'], detached: !isAlone });
    running.add(child);
    /** @type {Buffer[]} */
    const output = [];
    child.stdout?.on('data', (chunk) => output.push(chunk));
    child.stderr?.on('data', (chunk) => output.push(chunk));
    child.on('close', (code, signal) => {
      running.delete(child);
      if (!isAlone) process.stdout.write(`\n== npm run ${script}\n${Buffer.concat(output).toString()}`);
      const ok = code === 0;
      console.log(`== npm run ${script}: ${ok ? 'passed' : `failed (${signal ?? `exit ${code}`})`} in ${seconds(startedAt)}`);
      resolve(ok);
    });
  });
}

function stopRunning() {
  for (const child of running) {
    try {
      // A parallel check runs in its own process group: the whole tree (tsc, eslint, vite) stops.
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      child.kill('SIGTERM');
    }
  }
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    stopRunning();
    process.exit(1);
  });
}

const startedAt = performance.now();
for (const stage of stages) {
  console.log(`\n== ${stage.name}: ${stage.checks.map((check) => `npm run ${check}`).join(', ')}`);
  const isAlone = stage.checks.length === 1;
  const results = stage.checks.map((check) =>
    runScript(check, isAlone).then((ok) => {
      if (!ok) stopRunning();
      return ok;
    }),
  );
  if (!(await Promise.all(results)).every(Boolean)) {
    console.log(`\n== npm test failed in stage "${stage.name}" after ${seconds(startedAt)}`);
    process.exit(1);
  }
}
console.log(`\n== npm test passed in ${seconds(startedAt)}`);
