import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { isRecord, stringsOf } from '../../shared/guards.js';
import { pagePathOf } from './pageAnswers.js';

// The first-paint chunks of a signed-in page, named in its head (issue 35 §3). The built page
// preloads the entry's own module graph; the signed-in area's chunks (scripts/firstPaintChunks.ts:
// `signed-in`, then `home` or `timetable`) are lazy, so without a hint the browser asks for them only
// once the entry has been fetched, parsed and run: a second round of requests on a slow link. A
// page the server knows to be signed in (it carries its answers, pageAnswers.ts) names them at once.

/**
 * The registration slot's flow (features/attendanceRegistration): a lazy chunk, but the today's
 * classes of /home and /timetable show only once it has loaded whenever a class's window is open.
 */
const registrationFlow = 'src/app/features/attendanceRegistration/RegistrationControl.tsx';

/**
 * The chunks a signed-in page renders first, by path, each named as the build names it (a chunk's
 * name, or a lazy module's source path); any other signed-in page renders `signed-in`.
 */
const chunksByPath: Readonly<Record<string, readonly string[]>> = {
  '/': ['signed-in', 'home', registrationFlow],
  '/home': ['signed-in', 'home', registrationFlow],
  '/timetable': ['signed-in', 'timetable', registrationFlow],
};

interface ManifestChunk {
  readonly file: string;
  readonly name?: string;
  readonly isEntry?: boolean;
  readonly imports: readonly string[];
  readonly css: readonly string[];
}

/** The build manifest (Vite's `build.manifest`), as far as this reads it. */
export function parseManifest(text: string): ReadonlyMap<string, ManifestChunk> {
  const parsed: unknown = JSON.parse(text);
  const chunks = new Map<string, ManifestChunk>();
  if (!isRecord(parsed)) return chunks;
  for (const [key, value] of Object.entries(parsed)) {
    if (!isRecord(value) || typeof value.file !== 'string') continue;
    chunks.set(key, {
      file: value.file,
      ...(typeof value.name === 'string' ? { name: value.name } : {}),
      ...(value.isEntry === true ? { isEntry: true } : {}),
      imports: stringsOf(value.imports),
      css: stringsOf(value.css),
    });
  }
  return chunks;
}

function staticClosure(manifest: ReadonlyMap<string, ManifestChunk>, starts: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const queue = [...starts];
  for (let key = queue.pop(); key !== undefined; key = queue.pop()) {
    if (seen.has(key) || !manifest.has(key)) continue;
    seen.add(key);
    queue.push(...(manifest.get(key)?.imports ?? []));
  }
  return seen;
}

/**
 * The `<link>` elements naming what a signed-in `path` renders beyond the entry's graph: each
 * script as a module preload, each stylesheet as a style preload. Empty when the build made no such
 * chunks (a build from before them, or none at all).
 */
export function firstPaintLinks(manifest: ReadonlyMap<string, ManifestChunk>, path: string): string {
  const names = (Object.hasOwn(chunksByPath, path) && chunksByPath[path]) || ['signed-in'];
  const keyOf = (name: string) => (manifest.has(name) ? name : [...manifest].find(([key, chunk]) => key.startsWith('_') && chunk.name === name && chunk.file.endsWith('.js'))?.[0]);
  const starts = names.map(keyOf).filter((key): key is string => key !== undefined);
  const entries = [...manifest].filter(([, chunk]) => chunk.isEntry).map(([key]) => key);
  const preloadedByEntry = staticClosure(manifest, entries);
  const chunks = [...staticClosure(manifest, starts)].filter((key) => !preloadedByEntry.has(key)).map((key) => manifest.get(key));
  const scripts = chunks.map((chunk) => chunk?.file).filter((file) => file !== undefined);
  const styles = chunks.flatMap((chunk) => chunk?.css ?? []);
  return [
    // In the CORS mode of the stylesheet the app's chunk loader adds (`crossorigin`), or the
    // browser would fetch it again rather than use the preload.
    ...styles.map((file) => `<link rel="preload" as="style" crossorigin href="/${file}">`),
    ...scripts.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
  ].join('');
}

let cached: { readonly staticDir: string; readonly page: string; readonly manifest: ReadonlyMap<string, ManifestChunk>; readonly linksByPath: Map<string, string> } | undefined;

/** The build's manifest in `staticDir`; undefined when there is none, or it is not JSON (a build being written). */
async function readManifest(staticDir: string): Promise<ReadonlyMap<string, ManifestChunk> | undefined> {
  const text = await readFile(join(staticDir, '.vite', 'manifest.json'), 'utf8').catch(() => undefined);
  try {
    return text === undefined ? undefined : parseManifest(text);
  } catch {
    return undefined;
  }
}

/**
 * The links for the page `url` opens, from the build in `staticDir` whose page (its index.html,
 * read for this request) is `page`. The manifest is read again only when the page changes: every
 * build that changes a chunk changes the entry (which names the chunks it loads), so the page that
 * loads it. A manifest that does not name the page's entry is of another build (one being written,
 * say): the page then goes without links, and the next request reads it again. Never rejects.
 */
export async function firstPaintLinksFor(staticDir: string, page: string, url: string): Promise<string> {
  if (cached?.staticDir !== staticDir || cached.page !== page) {
    const manifest = await readManifest(staticDir);
    const isThisBuild = manifest !== undefined && [...manifest.values()].some((chunk) => chunk.isEntry === true && page.includes(`/${chunk.file}`));
    if (!manifest || !isThisBuild) return '';
    cached = { staticDir, page, manifest, linksByPath: new Map() };
  }
  const path = pagePathOf(url);
  const links = cached.linksByPath.get(path) ?? firstPaintLinks(cached.manifest, path);
  cached.linksByPath.set(path, links);
  return links;
}

/** `html` with `links` at the end of its head. */
export const withHeadLinks = (html: string, links: string): string => (links === '' ? html : html.replace('</head>', () => `${links}</head>`));
