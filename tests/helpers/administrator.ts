import type { FastifyInstance } from 'fastify';
import type { Db } from '../../src/server/db/database.js';
import { signInDirectly } from './directSession.js';
import type { Caller } from './testApp.js';

/** An administrator, `admin` (Sam Taylor), in a database that has none yet (the `empty` template). */
export async function makeAdministrator(db: Db): Promise<number> {
  const admin = await db.insertInto('users').values({ user_name: 'admin', display_name: 'Sam Taylor', first_name: 'Sam', email: 'admin@x', created_at: new Date(0) })
    .returning('id').executeTakeFirstOrThrow();
  await db.insertInto('user_roles').values({ user_id: admin.id, role: 'Administrator' }).execute();
  return admin.id;
}

/** Makes that administrator and signs them in as an identity provider would (directSession.ts). */
export async function signedInAdministrator(app: FastifyInstance, db: Db): Promise<Caller> {
  await makeAdministrator(db);
  return signInDirectly(app, db, 'admin');
}
