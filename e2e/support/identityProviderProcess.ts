import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { startTestIdentityProvider, type AccountClaims, type TestIdentityProviderOptions } from '../../tests/helpers/oidcProvider';
import { fakeWallClockEnv } from './clock';

/** What a spec needs of the provider in its own process: where it is, its client, and a way to stop it. */
export interface IdentityProviderProcess {
  readonly issuer: string;
  readonly clientId: string;
  readonly clientSecret: string;
  close(): Promise<void>;
}

interface Started {
  readonly issuer: string;
  readonly clientId: string;
  readonly clientSecret: string;
}

const optionsVariable = 'CAMPUS_IDP_PROCESS_OPTIONS';

/**
 * The test identity provider (tests/helpers/oidcProvider.ts) in a process of its own, on the same
 * wall clock as the app servers (scripts/e2e-at.sh shifts both): the server checks the ID token's
 * issue and expiry times against its own clock, as a real one does against a provider on real time.
 * Its accounts are given at the start.
 */
export async function startIdentityProviderProcess(options: TestIdentityProviderOptions, accounts: Record<string, AccountClaims>): Promise<IdentityProviderProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'e2e/support/identityProviderProcess.ts'], {
    env: { ...process.env, ...fakeWallClockEnv(), [optionsVariable]: JSON.stringify({ options, accounts }) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout });
  const [line] = (await Promise.race([once(lines, 'line'), once(child, 'exit').then(([code]) => {
    throw new Error(`the identity provider exited with ${String(code)} before listening`);
  })])) as [string];
  const started = JSON.parse(line) as Started;
  return {
    ...started,
    async close() {
      if (child.exitCode !== null) return;
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      await exited;
    },
  };
}

// Run as a script (the spawn above): start the provider with its accounts and print where it is.
const given = process.env[optionsVariable];
if (given !== undefined && process.argv[1]?.endsWith('identityProviderProcess.ts')) {
  const { options, accounts } = JSON.parse(given) as { options: TestIdentityProviderOptions; accounts: Record<string, AccountClaims> };
  void startTestIdentityProvider(options).then((provider) => {
    for (const [id, claims] of Object.entries(accounts)) provider.accounts.set(id, claims);
    process.stdout.write(`${JSON.stringify({ issuer: provider.issuer, clientId: provider.clientId, clientSecret: provider.clientSecret } satisfies Started)}\n`);
    process.once('SIGTERM', () => void provider.close().then(() => process.exit(0)));
  });
}
