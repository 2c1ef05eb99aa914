import { readFile, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { Plugin, Rolldown } from 'vite';

/** V8's per-file compile hint: compile every function of the file eagerly, while it streams in. */
export const compileHint = '//# allFunctionsCalledOnLoad\n';

/** The named chunks of a signed-in first paint (scripts/firstPaintChunks.ts). */
const firstPaintGroups = new Set(['signed-in', 'home', 'timetable']);

/** The entry, the first paint's named chunks, and every chunk they import statically. */
export function firstPaintFiles(chunks: Readonly<Record<string, Pick<Rolldown.RenderedChunk, 'name' | 'isEntry' | 'imports'>>>): Set<string> {
  const files = new Set<string>();
  const queue = Object.entries(chunks)
    .filter(([, chunk]) => chunk.isEntry || firstPaintGroups.has(chunk.name))
    .map(([file]) => file);
  for (let file = queue.pop(); file !== undefined; file = queue.pop()) {
    if (files.has(file)) continue;
    files.add(file);
    queue.push(...(chunks[file]?.imports ?? []));
  }
  return files;
}

/**
 * Marks the chunks a first paint runs with V8's compile hint (Chromium 136 and later; other
 * engines read a comment). V8 otherwise compiles each function on the main thread the first time
 * it is called: on a first visit at 4x CPU that was about 0.6 s of parsing and compiling before
 * the timetable showed (bench/profileFirstVisit.ts, TRACE=1). With the hint the work happens on
 * the thread that streams the script in, while the rest downloads: ParseFunction and CompileCode
 * on the main thread fell from about 600 to 200 ms, and an A/B of first visits (bench/abFirstVisit.ts)
 * gave 0.92 of the time. Only first-paint chunks: a lazy chunk's functions are mostly never called.
 * The hint goes into the written files (minification would drop it as a comment); a file's content
 * hash stays that of its code without it, which changes whenever the code does.
 */
export function compileHints(): Plugin {
  let outDir = 'dist';
  return {
    name: 'campus:compile-hints',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    // Vite's own plugins rewrite the chunks (their preloads) until the files are written, so the
    // hint goes into the written files, before scripts/precompress.plugin.ts compresses them.
    async writeBundle(_options, bundle) {
      const chunks = Object.fromEntries(Object.entries(bundle).flatMap(([file, output]) => (output.type === 'chunk' ? [[file, output] as const] : [])));
      await Promise.all(
        [...firstPaintFiles(chunks)].map(async (file) => {
          const path = resolve(outDir, file);
          const code = await readFile(path, 'utf8');
          if (!code.startsWith(compileHint)) await writeFile(path, compileHint + code);
        }),
      );
    },
  };
}
