import { describe, expect, it } from 'vitest';
import { SessionStore } from '../../../src/server/auth/session.service.js';
import { SessionCache, timetableVersionOf } from '../../../src/server/auth/sessionCache.js';
import { useTestApp } from '../../helpers/useTestApp.js';

const t = useTestApp();

/** The real store, counting its full lookups. */
function countingStore() {
  const store = new SessionStore(t.db, { idleMinutes: 60, maxHours: 12, acceptsDemoSessions: true }, t.clock);
  const calls = { touch: 0 };
  return {
    store,
    calls,
    cache: new SessionCache(t.db, {
      touch: (id, options) => {
        calls.touch += 1;
        return store.touch(id, options);
      },
    }, 60, t.clock),
  };
}

async function userIdOf(userName: string): Promise<number> {
  return (await t.db.selectFrom('users').select('id').where('user_name', '=', userName).executeTakeFirstOrThrow()).id;
}

describe('SessionCache', () => {
  it('answers repeated lookups from its copy, with the same user, and the full lookup again after a change', async () => {
    const { store, calls, cache } = countingStore();
    const userId = await userIdOf('student');
    const { id } = await store.create(userId, 'demo');
    const first = await cache.touch(id);
    const second = await cache.touch(id);
    expect(calls.touch).toBe(1);
    expect(second?.user).toEqual(first?.user);
    expect(second?.user.id).toBe(userId);

    await t.db.updateTable('users').set({ display_name: 'Renamed Student' }).where('id', '=', userId).execute();
    expect((await cache.touch(id))?.user.displayName).toBe('Renamed Student');
    expect(calls.touch).toBe(2);
  });

  it('answers nothing for an unknown or deleted session', async () => {
    const { store, cache } = countingStore();
    expect(await cache.touch('not-a-session')).toBeUndefined();
    const { id } = await store.create(await userIdOf('student'), 'demo');
    const session = await cache.touch(id);
    if (!session) throw new Error('a new session is live');
    await store.destroy(session.idHash);
    expect(await cache.touch(id)).toBeUndefined();
  });

  it("gives the session user's timetable version with the session, changed by a registration", async () => {
    const { store, cache } = countingStore();
    const userId = await userIdOf('student');
    const { id } = await store.create(userId, 'demo');
    const before = timetableVersionOf(await cache.touch(id));
    expect(before?.userId).toBe(userId);
    const event = await t.db
      .selectFrom('timetable_events')
      .select('id')
      .where('id', 'not in', t.db.selectFrom('attendance_registrations').select('event_id').where('student_user_id', '=', userId))
      .executeTakeFirstOrThrow();
    await t.db.insertInto('attendance_registrations').values({ student_user_id: userId, event_id: event.id, client_ip: null }).execute();
    const after = timetableVersionOf(await cache.touch(id));
    expect(after?.version).toBeGreaterThan(before?.version ?? Number.POSITIVE_INFINITY);
  });
});
