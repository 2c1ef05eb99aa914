import { readFileSync } from 'node:fs';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

// README: the app runs on Node 20.19 or later, and `npm install` there prints no EBADENGINE
// warning. Every installed package's `engines.node` must accept the oldest Node we support (a
// newer plugin release asking for Node 22 is pinned with `overrides` in package.json instead).

interface LockedPackage {
  readonly version?: string;
  readonly engines?: { readonly node?: string } | readonly string[];
}

const manifest = JSON.parse(readFileSync('package.json', 'utf8')) as { engines: { node: string } };
const lock = JSON.parse(readFileSync('package-lock.json', 'utf8')) as { packages: Record<string, LockedPackage> };

describe('Node engines', () => {
  it('the package asks for Node 20.19 or later', () => {
    expect(semver.minVersion(manifest.engines.node)?.version).toBe('20.19.0');
  });

  it('every locked package accepts the oldest Node the package supports', () => {
    const oldest = semver.minVersion(manifest.engines.node)?.version ?? '';
    const refusing = Object.entries(lock.packages)
      .filter(([path]) => path !== '')
      .flatMap(([path, entry]) => {
        const range = entry.engines && !Array.isArray(entry.engines) ? (entry.engines as { node?: string }).node : undefined;
        return range && !semver.satisfies(oldest, range) ? [`${path.replace(/^.*node_modules\//, '')}@${entry.version ?? '?'} wants ${range}`] : [];
      });
    expect(refusing).toEqual([]);
  });
});
