import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { access, mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { errorCode } from '../../../shared/guards.js';

/** How long a successful probe file write is trusted before the next health check writes another. */
export const PROBE_EVERY_MS = 10_000;

/**
 * Proves that `dir` takes new files: makes it if missing, then writes a one-byte probe file
 * (`.probe-<random>`, so that instances sharing the folder never collide) and removes it. A byte,
 * not just a name, so that a full disk fails too. Throws the file system's error (code kept).
 */
export async function probeUploadsDir(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true });
  const probe = join(dir, `.probe-${randomBytes(8).toString('hex')}`);
  try {
    await writeFile(probe, 'x', { flag: 'wx', mode: 0o600 });
  } finally {
    await rm(probe, { force: true }).catch(() => undefined);
  }
}

/**
 * Start-up: refuses an uploads folder this process cannot write to (read-only disk, wrong owner,
 * a file where the folder should be), naming it, instead of accepting uploads it could never store.
 */
export async function assertUploadsWritable(dir: string): Promise<void> {
  try {
    await probeUploadsDir(dir);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`the uploads folder ${dir} (DATA_DIR/uploads) cannot be written: ${reason}. Make it a folder this server's user can write to, on a disk with free space, or set DATA_DIR to another folder.`);
  }
}

/**
 * Whether the uploads folder can take files, for /api/health. Every check asks `access(W_OK)`
 * (cheap; it sees a read-only mount or missing permissions at once, but not a full disk, and
 * root passes it everywhere); a probe file is written at most every `probeEveryMs` on top of
 * that. A failed probe is not remembered, so the next check probes again and sees the folder
 * recover; concurrent checks share one probe.
 */
export class UploadsWritability {
  private lastGoodProbeAt: number | undefined;
  private probing: Promise<boolean> | undefined;

  constructor(
    private readonly dir: string,
    private readonly options: { readonly probeEveryMs?: number; readonly now?: () => number } = {},
  ) {}

  async isWritable(): Promise<boolean> {
    try {
      await access(this.dir, constants.W_OK);
    } catch (error) {
      // A folder removed meanwhile is made again by the probe, as by the next upload.
      if (errorCode(error) !== 'ENOENT') {
        this.lastGoodProbeAt = undefined;
        return false;
      }
    }
    // Elapsed time between probes (monotonic), not the time of day.
    const now = (this.options.now ?? (() => performance.now()))();
    if (this.lastGoodProbeAt !== undefined && now - this.lastGoodProbeAt < (this.options.probeEveryMs ?? PROBE_EVERY_MS)) return true;
    this.probing ??= probeUploadsDir(this.dir).then(
      () => {
        this.lastGoodProbeAt = now;
        return true;
      },
      () => {
        this.lastGoodProbeAt = undefined;
        return false;
      },
    ).finally(() => {
      this.probing = undefined;
    });
    return this.probing;
  }
}
