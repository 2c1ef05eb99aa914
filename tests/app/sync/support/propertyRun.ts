import { setActiveUser } from '../../../../src/app/db/activeUser';
import { deleteUserDatabase } from '../../../../src/app/db/deleteUserDatabase';
import { closeUserDatabase } from '../../../../src/app/db/userDatabase';
import type { OutboxSync } from '../../../../src/app/sync/outboxSync';

/** Undoes one property run: stops listening and syncing, signs out and deletes the user's database. */
export async function endPropertyRun(userId: string, sync: OutboxSync, stopListening: () => void): Promise<void> {
  stopListening();
  sync.stop();
  closeUserDatabase();
  setActiveUser(null);
  await deleteUserDatabase(userId);
}

/** fast-check settings: FC_RUNS runs (100 by default), or a replay of FC_SEED (and FC_PATH). */
export function propertyParameters(): { numRuns: number; seed?: number; path?: string } {
  const seed = process.env.FC_SEED === undefined ? undefined : Number(process.env.FC_SEED);
  return {
    numRuns: Number(process.env.FC_RUNS ?? 100),
    ...(seed === undefined ? {} : { seed, path: process.env.FC_PATH }),
  };
}
