import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** A path served by the bare ceiling: the exact bytes and type the app answered. */
export interface BareRoute {
  readonly path: string;
  readonly body: string;
  readonly contentType: string;
}

export interface BareServer {
  readonly origin: string;
  readonly pid: number;
  stop(): Promise<void>;
}

/**
 * The ceiling: a bare Fastify in its own process that answers each path with the same body from
 * memory (no hooks, no plugins, no database). What the app costs is its throughput against this.
 */
export async function startBareServer(port: number, routes: readonly BareRoute[], workDir: string): Promise<BareServer> {
  const routesFile = join(workDir, 'bare-routes.json');
  writeFileSync(routesFile, JSON.stringify(routes));
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/support/bareServer.main.ts', String(port), routesFile], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('ready')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`bare server exited with ${code}`)));
  });
  return {
    origin: `http://127.0.0.1:${port}`,
    pid: child.pid ?? 0,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}
