// `npm start`: build the client when it is missing or older than its sources, then run the server
// (which migrates, seeds the demo university into an empty database, and listens on PORT).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { register } from 'tsx/esm/api';

const clientInputs = ['index.html', 'vite.config.ts', 'public', 'src/app', 'src/shared', 'sw', 'package-lock.json'];

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((newest, entry) => Math.max(newest, newestMtime(join(path, entry))), stat.mtimeMs);
}

const builtAt = newestMtime('dist/index.html');
const sourcesAt = Math.max(...clientInputs.map(newestMtime));
if (process.env.SKIP_BUILD !== '1' && builtAt < sourcesAt) {
  console.log(builtAt === 0 ? 'Building the client…' : 'Client sources changed; rebuilding…');
  const result = spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

register();
await import('../src/server/main.ts');
