import type { Entry } from 'yauzl';
import { problem, type ProblemLog } from './problems.js';

/**
 * Where the bundle's files sit in the zip. The format puts them at the root, but people often
 * zip the folder that holds them, so this is also accepted: manifest.csv and the data files may
 * all sit inside ONE top-level folder (`export/manifest.csv`, `export/users.csv`, …). A root
 * manifest.csv wins over a folder's. Files are looked up only beside the manifest: a users.csv
 * elsewhere in the zip is not found. Names are matched exactly (OneRoster names are
 * case-sensitive); the `__MACOSX/` folder that macOS adds is never taken for the bundle.
 */
export interface BundleLayout {
  /** Put before a file's name to find its entry: `''` or `folder/`. */
  readonly prefix: string;
}

const manifestName = 'manifest.csv';

export function locateBundle(files: ReadonlyMap<string, Entry>, zipName: string, log: ProblemLog): BundleLayout | null {
  if (files.has(manifestName)) return { prefix: '' };
  const names = [...files.keys()];
  const inFolders = names.filter((name) => /^[^/]+\/manifest\.csv$/.test(name) && !name.startsWith('__MACOSX/'));
  const [only] = inFolders;
  if (inFolders.length === 1 && only !== undefined) return { prefix: only.slice(0, -manifestName.length) };
  if (inFolders.length > 1) {
    log.error(problem('missing_manifest', { file: zipName },
      `${zipName}: no manifest.csv at the root, and several folders hold one (${inFolders.join(', ')}); zip one bundle at a time`));
    return null;
  }
  const elsewhere = names.find((name) => name.endsWith(`/${manifestName}`) && !name.startsWith('__MACOSX/'));
  const hint = elsewhere === undefined
    ? ''
    : ` (one was found at ${elsewhere}, deeper than one folder)`;
  const nearMiss = names.find((name) => name.toLowerCase().split('/').pop() === manifestName);
  const caseHint = elsewhere === undefined && nearMiss !== undefined ? ` (found ${nearMiss}; the name is case-sensitive)` : '';
  log.error(problem('missing_manifest', { file: zipName },
    `${zipName}: there is no manifest.csv at the root of the zip or inside its one top-level folder${hint}${caseHint}`));
  return null;
}

/** A file's entry beside the manifest, or why it is missing. */
export function findFile(files: ReadonlyMap<string, Entry>, layout: BundleLayout, fileName: string): Entry | { readonly nearMiss: string | null } {
  const entry = files.get(layout.prefix + fileName);
  if (entry !== undefined) return entry;
  const wanted = (layout.prefix + fileName).toLowerCase();
  const nearMiss = [...files.keys()].find((name) => name.toLowerCase() === wanted) ?? null;
  return { nearMiss };
}
