import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * Serves the built client. Hashed assets are cached for a year; the shell, the manifest and the
 * service worker are always revalidated so that a new deployment is picked up. The build writes
 * a brotli and a gzip copy beside each text asset (scripts/precompress.plugin.ts); `preCompressed`
 * sends the one the request accepts, with `Vary: accept-encoding`, and the file itself otherwise.
 */
export async function registerStaticFiles(app: FastifyInstance, staticDir: string): Promise<boolean> {
  if (!existsSync(join(staticDir, 'index.html'))) return false;
  await app.register(fastifyStatic, {
    root: staticDir,
    prefix: '/',
    wildcard: true,
    // `/` is a page like any other: the app's handler of pages sends the shell (app.ts), with the
    // answers a signed-in start-up needs (http/pageAnswers.ts). `/index.html` itself, which the
    // service worker precaches, stays this plain file.
    index: false,
    preCompressed: true,
    setHeaders: (res, path) => {
      const isHashed = path.includes('/assets/');
      res.header('cache-control', isHashed ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  return true;
}
