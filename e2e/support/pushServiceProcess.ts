import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { localPushServiceAt, startLocalPushService, type LocalPushService } from '../../tests/helpers/localPushService';
import { fakeWallClockEnv } from './clock';

/**
 * The local Web Push service (tests/helpers/localPushService.ts) in a process of its own, on the
 * same wall clock as the app servers (scripts/e2e-at.sh shifts both): it checks the expiry of each
 * push's VAPID token against its clock, as a real push service does against the real time.
 */
export async function startPushServiceProcess(): Promise<LocalPushService> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'e2e/support/pushServiceProcess.ts'], {
    env: { ...process.env, ...fakeWallClockEnv(), CAMPUS_PUSH_SERVICE_PROCESS: '1' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout });
  const [origin] = (await Promise.race([once(lines, 'line'), once(child, 'exit').then(([code]) => {
    throw new Error(`the local push service exited with ${String(code)} before listening`);
  })])) as [string];
  return localPushServiceAt(origin, async () => {
    if (child.exitCode !== null) return;
    const exited = once(child, 'exit');
    child.kill('SIGTERM');
    await exited;
  });
}

// Run as a script (the spawn above): start the service and print its origin.
if (process.env.CAMPUS_PUSH_SERVICE_PROCESS === '1' && process.argv[1]?.endsWith('pushServiceProcess.ts')) {
  void startLocalPushService().then((service) => {
    process.stdout.write(`${service.origin}\n`);
    process.once('SIGTERM', () => void service.close().then(() => process.exit(0)));
  });
}
