import { afterEach, beforeEach, vi } from 'vitest';
import { setActiveUser } from '../../../../src/app/db/activeUser';
import { deleteUserDatabase } from '../../../../src/app/db/deleteUserDatabase';
import { closeUserDatabase, getUserDatabase } from '../../../../src/app/db/userDatabase';
import type { UserDatabase } from '../../../../src/app/db/schema';
import { makeUser } from './fixtures';
import { ModelServer } from './modelServer';

export interface SignedInUser {
  readonly userId: string;
  readonly server: ModelServer;
  readonly db: () => UserDatabase;
}

/**
 * Before each test: a new signed-in user with a model server as `fetch` and its cookie jar as
 * `document.cookie`; after it, everything undone and the user's database deleted. Read the
 * returned object's fields inside tests (they change per test).
 */
export function useSignedInUser(): SignedInUser {
  const current = { userId: '', server: new ModelServer(''), db: () => getUserDatabase(current.userId) };
  beforeEach(() => {
    const user = makeUser();
    current.userId = user.userId;
    setActiveUser(user);
    current.server = new ModelServer(user.userId);
    vi.stubGlobal('fetch', current.server.fetch);
    vi.stubGlobal('document', { get cookie() { return current.server.cookie; } });
  });
  afterEach(async () => {
    vi.unstubAllGlobals();
    closeUserDatabase();
    setActiveUser(null);
    await deleteUserDatabase(current.userId);
  });
  return current;
}
