import { describe, expect, it } from 'vitest';
import { dataDirAccessMessage, folderBlockingOtherUsers } from '../../../src/server/db/dataDirAccess';

const modes: Record<string, { mode: number; uid: number }> = {
  '/': { mode: 0o40755, uid: 0 },
  '/root': { mode: 0o40700, uid: 0 },
  '/root/app': { mode: 0o40755, uid: 0 },
  '/srv': { mode: 0o40755, uid: 0 },
  '/srv/app': { mode: 0o40711, uid: 0 },
  '/home': { mode: 0o40755, uid: 0 },
  '/home/pg': { mode: 0o40700, uid: 999 },
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
