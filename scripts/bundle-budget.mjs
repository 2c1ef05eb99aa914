#!/usr/bin/env node
// The initial route's JavaScript must stay within 130 kB gzip (GUIDE "UI"). Counts the entry chunk
// of dist/.vite/manifest.json plus everything it imports statically, recursively; lazily loaded
// chunks (dynamicImports) are not part of the first paint and are left out.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const budgetBytes = 130 * 1024;
const distDir = process.argv[2] ?? process.env.BUILD_OUT_DIR ?? 'dist';
const manifestPath = join(distDir, '.vite', 'manifest.json');

if (!existsSync(manifestPath)) {
  console.error(`bundle budget: ${manifestPath} not found; run \`vite build\` first (build.manifest must be on).`);
  process.exit(1);
}

/** @type {Record<string, { file: string, isEntry?: boolean, imports?: string[] }>} */
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
const entries = Object.entries(manifest).filter(([, chunk]) => chunk.isEntry);
const entry = entries.find(([key]) => key === 'index.html') ?? entries[0];
if (!entry) {
  console.error(`bundle budget: no entry chunk in ${manifestPath}`);
  process.exit(1);
}

/** Manifest keys of the entry and its static imports, each once. */
function staticClosure(key, seen = new Set()) {
  if (seen.has(key)) return seen;
  const chunk = manifest[key];
  if (!chunk) throw new Error(`manifest has no chunk ${key}`);
  seen.add(key);
  for (const imported of chunk.imports ?? []) staticClosure(imported, seen);
  return seen;
}

const files = [...staticClosure(entry[0])]
  .map((key) => manifest[key].file)
  .filter((file) => file.endsWith('.js'));
const sizes = files.map((file) => ({
  file,
  gzip: gzipSync(readFileSync(join(distDir, file)), { level: 9 }).length,
}));
const total = sizes.reduce((sum, { gzip }) => sum + gzip, 0);
const kB = (bytes) => (bytes / 1024).toFixed(1);
const isOver = total > budgetBytes;

console.log(`initial JS: ${kB(total)} kB gzip of ${kB(budgetBytes).replace(/\.0$/, '')} kB budget${isOver ? ' - OVER BUDGET' : ''}`);
if (isOver) {
  for (const { file, gzip } of sizes.sort((a, b) => b.gzip - a.gzip)) console.error(`  ${kB(gzip).padStart(6)} kB  ${file}`);
  process.exit(1);
}
