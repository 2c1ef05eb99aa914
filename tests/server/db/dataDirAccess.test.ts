import { describe, expect, it } from 'vitest';
import { dataDirAccessMessage, defaultDataDir, folderBlockingOtherUsers } from '../../../src/server/db/dataDirAccess';

const modes: Record<string, { mode: number; uid: number }> = {
  '/': { mode: 0o40755, uid: 0 },
  '/root': { mode: 0o40700, uid: 0 },
  '/root/app': { mode: 0o40755, uid: 0 },
  '/srv': { mode: 0o40755, uid: 0 },
  '/srv/app': { mode: 0o40711, uid: 0 },
  '/home': { mode: 0o40755, uid: 0 },
  '/home/pg': { mode: 0o40700, uid: 999 },
  '/var': { mode: 0o40755, uid: 0 },
  '/var/lib': { mode: 0o40755, uid: 0 },
  '/locked': { mode: 0o40700, uid: 0 },
};
const statOf = (path: string) => {
  const stats = modes[path];
  if (!stats) throw new Error(`no such folder in the test: ${path}`);
  return stats;
};

describe('folderBlockingOtherUsers', () => {
  it('finds a folder of root that others cannot pass through, such as /root', () => {
    expect(folderBlockingOtherUsers('/root/app/data', statOf)).toBe('/root');
  });

  it('passes over folders that do not exist yet (start-up makes them) and still finds one that blocks', () => {
    const missing = (path: string) => {
      if (path.startsWith('/srv/app/new') || path.startsWith('/root/app/new')) throw Object.assign(new Error('ENOENT'), { code: 'ENOENT' });
      return statOf(path);
    };
    expect(folderBlockingOtherUsers('/srv/app/new/deeper/data', missing)).toBeUndefined();
    expect(folderBlockingOtherUsers('/root/app/new/data', missing)).toBe('/root');
  });

  it('lets DATA_DIR be where every folder above it can be passed (o+x)', () => {
    expect(folderBlockingOtherUsers('/srv/app/data', statOf)).toBeUndefined();
  });

  it('lets the postgres user through its own folders', () => {
    expect(folderBlockingOtherUsers('/home/pg/data', statOf, 999)).toBeUndefined();
    expect(folderBlockingOtherUsers('/home/pg/data', statOf, 1000)).toBe('/home/pg');
  });

  it('explains the fix in the error', () => {
    const message = dataDirAccessMessage('/root/app/data', '/root');
    expect(message).toContain('/root/app/data');
    expect(message).toContain("'postgres' OS user");
    expect(message).toContain('DATA_DIR=/var/lib/campus-companion');
    expect(message).toContain("chmod o+x /root");
  });
});

describe('defaultDataDir (DATA_DIR unset)', () => {
  /** The folders of `modes`; anything deeper does not exist yet. */
  const withMissing = (path: string) => {
    if (modes[path]) return statOf(path);
    throw Object.assign(new Error('ENOENT'), { code: 'ENOENT' });
  };

  /** lstat of /var/lib/campus-companion: missing unless the test says otherwise. */
  const parentMissing = () => {
    throw Object.assign(new Error('ENOENT'), { code: 'ENOENT' });
  };
  const parent = (overrides: { mode?: number; uid?: number; isLink?: boolean }) => () => ({
    mode: overrides.mode ?? 0o40755,
    uid: overrides.uid ?? 0,
    isDirectory: () => !overrides.isLink,
    isSymbolicLink: () => overrides.isLink ?? false,
  });

  it('is ./data of the working directory for an ordinary user, wherever it is', () => {
    expect(defaultDataDir('/root/app', false, withMissing, parentMissing)).toEqual({ dir: '/root/app/data' });
  });

  it('is ./data for root when the postgres user can reach it', () => {
    expect(defaultDataDir('/srv/app', true, withMissing, parentMissing)).toEqual({ dir: '/srv/app/data' });
  });

  it('moves under /var/lib/campus-companion for root in a checkout under /root, named after the checkout, and says why', () => {
    const chosen = defaultDataDir('/root/app', true, withMissing, parentMissing);
    expect(chosen.dir).toMatch(/^\/var\/lib\/campus-companion\/app-[0-9a-f]{8}$/);
    expect(folderBlockingOtherUsers(`${chosen.dir}/postgres`, withMissing)).toBeUndefined();
    expect(chosen.note).toContain('/root/app/data');
    expect(chosen.note).toContain(chosen.dir);
    expect(chosen.note).toContain('Set DATA_DIR');
    // Another checkout gets a cluster of its own, and the same checkout the same one at every start.
    expect(defaultDataDir('/root/other/app', true, withMissing, parentMissing).dir).not.toBe(chosen.dir);
    expect(defaultDataDir('/root/app', true, withMissing, parent({})).dir).toBe(chosen.dir);
  });

  it('stays ./data when /var/lib is out of reach too, so the start-up error explains', () => {
    const lockedVar = (path: string) => (path === '/var/lib' ? { mode: 0o40700, uid: 0 } : withMissing(path));
    expect(defaultDataDir('/root/app', true, lockedVar, parentMissing)).toEqual({ dir: '/root/app/data' });
  });

  it('never falls back into a folder another account controls or a link, where root would follow what was planted', () => {
    expect(defaultDataDir('/root/app', true, withMissing, parent({ uid: 1000 }))).toEqual({ dir: '/root/app/data' });
    expect(defaultDataDir('/root/app', true, withMissing, parent({ mode: 0o40777 }))).toEqual({ dir: '/root/app/data' });
    expect(defaultDataDir('/root/app', true, withMissing, parent({ mode: 0o40775 }))).toEqual({ dir: '/root/app/data' });
    expect(defaultDataDir('/root/app', true, withMissing, parent({ isLink: true }))).toEqual({ dir: '/root/app/data' });
  });
});
