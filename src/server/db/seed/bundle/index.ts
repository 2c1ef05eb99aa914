/**
 * The demo university as an import bundle (../shared/IMPORT-FORMAT.md): OneRoster 1.2 CSV plus
 * the rooms, events and absence categories extension files, generated relative to a day.
 *
 * - `generateDemoBundle(today)`: the demo the seed builds, as files.
 * - `generateUniversity(options)`: a large university of the same shape, for benchmarks.
 * - `writeBundleZip(bundle, path)`: either, streamed into a zip.
 */
import { demoUniversity } from './demo/university.js';
import { type Bundle, toBundle } from './files.js';

export { BUNDLE_ENTRY_NAMES, DATA_FILES, toBundle, type Bundle, type BundleEntryName, type BundleSource } from './files.js';
export { writeBundleZip, type ZipOptions } from './zip.js';
export { demoUniversity, DEMO_SOURCE } from './demo/university.js';
export { largeUniversity, generateUniversity, LARGE_DEFAULTS, type LargeUniversityOptions } from './large/university.js';
export type * from './records.js';

/** The demo university's bundle; the same `today` gives the same bytes. */
export type DemoBundle = Bundle;

export function generateDemoBundle(today: Date): DemoBundle {
  return toBundle(demoUniversity(today));
}
