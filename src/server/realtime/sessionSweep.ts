import type { Clock } from '../clock.js';
import type { Db } from '../db/database.js';
import type { HubConnections } from './hubConnections.js';

/** How often open feed connections are checked against their sessions. */
export const SESSION_SWEEP_MS = 15_000;

/**
 * Ends feed connections whose session has ended (signed out, expired, removed), so a stream never
 * outlives the sign-in it was opened with. One query per sweep for all of this instance's
 * connections. Returns the function that stops the sweeping.
 */
export function sweepEndedSessions(db: Db, hub: HubConnections, log: { warn: (msg: string) => void }, clock: Clock): () => void {
  const sweep = async (): Promise<void> => {
    const hashes = [...new Set(hub.owners().map((owner) => owner.sessionIdHash))];
    if (hashes.length === 0) return;
    const now = clock.now();
    const live = await db
      .selectFrom('sessions')
      .select('id_hash')
      .where('id_hash', 'in', hashes)
      .where('expires_at', '>', now)
      .where('absolute_expires_at', '>', now)
      .execute();
    const alive = new Set(live.map((row) => row.id_hash));
    hub.endWhere((owner) => !alive.has(owner.sessionIdHash));
  };
  const timer = setInterval(() => {
    sweep().catch((error: unknown) => log.warn(`status feed: could not check sessions: ${error instanceof Error ? error.message : String(error)}`));
  }, SESSION_SWEEP_MS);
  timer.unref();
  return () => clearInterval(timer);
}
