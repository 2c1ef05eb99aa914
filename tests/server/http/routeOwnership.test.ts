import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { allRoutes, maxRowId } from '../../../src/shared/contract/index.js';
import type { OwnedRecordKind, Role, RouteDescriptor } from '../../../src/shared/contract/route.js';
import { createTestApp, signIn, type Caller, type TestApp } from '../../helpers/testApp.js';
import { validFor } from '../../helpers/zodArbitrary.js';

/**
 * The route matrix's "another user's record" check. Every route that names a per-user record
 * (its descriptor's `ownedParams` / `ownedFields`) is called by a persona allowed to call it with
 * the id of a record that belongs to `student2`. It must answer 403/404, or exactly what it
 * answers for an id that does not exist, and must leave the record as it was.
 */
const personaFor: Record<Role, string> = { Student: 'student', TeachingStaff: 'lecturer', Administrator: 'admin' };
const attackerOf = (route: RouteDescriptor): string => (route.roles[0] ? personaFor[route.roles[0]] : 'student');
const VICTIM = 'student2';

interface OwnedRecord {
  /** The id as it appears in a path or form field, and as it appears in JSON. */
  readonly text: string;
  readonly json: string | number;
}

/** How to find (or make) a record of each kind owned by the victim, and read it back. */
interface RecordKind {
  readonly victims: (t: TestApp, victimId: number) => Promise<OwnedRecord>;
  readonly missing: OwnedRecord;
  readonly snapshot: (t: TestApp, id: OwnedRecord) => Promise<unknown>;
}

const rowIdRecord = (id: number): OwnedRecord => ({ text: String(id), json: id });
const missingRowId = rowIdRecord(maxRowId);
const token = (): string => randomBytes(32).toString('base64url');

/** A kind whose records are rows found by their serial id: a missing one is the largest row id. */
const byRowId = (table: 'absence_requests' | 'absence_files' | 'notifications'): Pick<RecordKind, 'missing' | 'snapshot'> => ({
  missing: missingRowId,
  snapshot: (t, id) => t.db.selectFrom(table).selectAll().where('id', '=', Number(id.text)).executeTakeFirst(),
});

async function victimRequestId(t: TestApp, victimId: number): Promise<number> {
  const row = await t.db.selectFrom('absence_requests').select('id').where('student_user_id', '=', victimId).orderBy('id').executeTakeFirstOrThrow();
  return row.id;
}

// A Record over every kind: adding a kind to the contract fails to compile until it can be tested here.
const recordKinds: Record<OwnedRecordKind, RecordKind> = {
  absenceRequest: {
    victims: async (t, victimId) => rowIdRecord(await victimRequestId(t, victimId)),
    ...byRowId('absence_requests'),
  },
  absenceFile: {
    victims: async (t, victimId) => {
      const requestId = await victimRequestId(t, victimId);
      const existing = await t.db.selectFrom('absence_files').select('id').where('request_id', '=', requestId).executeTakeFirst();
      const row = existing ?? await t.db.insertInto('absence_files')
        .values({ request_id: requestId, file_name: 'fit-note.pdf', content_type: 'application/pdf', size_bytes: 10, storage_key: `ownership-${token()}` })
        .returning('id').executeTakeFirstOrThrow();
      return rowIdRecord(row.id);
    },
    ...byRowId('absence_files'),
  },
  notification: {
    victims: async (t, victimId) => {
      const existing = await t.db.selectFrom('notifications').select('id').where('user_id', '=', victimId).where('read_at', 'is', null).executeTakeFirst();
      const row = existing ?? await t.db.insertInto('notifications')
        .values({ user_id: victimId, title: 'Private to student2', body: 'Only for student2', notification_type: 'General', url: null })
        .returning('id').executeTakeFirstOrThrow();
      return rowIdRecord(row.id);
    },
    ...byRowId('notifications'),
  },
  pushSubscription: {
    victims: async (t, victimId) => {
      const value = token();
      await t.db.insertInto('push_subscriptions').values({
        user_id: victimId, token: value, provider: 'webpush', endpoint: `https://fcm.googleapis.com/fcm/send/${value}`,
        p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM', auth: 'tBHItJI5svbpez7KI4CCXg',
        types: ['General', 'Timetable'],
      }).execute();
      return { text: value, json: value };
    },
    missing: { text: token(), json: token() },
    snapshot: (t, id) => t.db.selectFrom('push_subscriptions').selectAll().where('token', '=', id.text).executeTakeFirst(),
  },
  taughtClass: {
    // A class the attacking lecturer does not teach (student2 takes it): neither its module, its group nor the class is assigned to them.
    victims: async (t, victimId) => {
      const lecturer = await t.db.selectFrom('users').select('id').where('user_name', '=', 'lecturer').executeTakeFirstOrThrow();
      const row = await t.db
        .selectFrom('timetable_events as e')
        .innerJoin('enrolments as n', 'n.group_id', 'e.group_id')
        .select('e.id')
        .where('n.student_user_id', '=', victimId)
        .where('e.is_cancelled', '=', false)
        .where(({ not, exists, selectFrom }) => not(exists(selectFrom('teaching_assignments as a').select('a.id')
          .where('a.lecturer_user_id', '=', lecturer.id)
          .where(({ or, eb }) => or([eb('a.module_id', '=', eb.ref('e.module_id')), eb('a.group_id', '=', eb.ref('e.group_id')), eb('a.event_id', '=', eb.ref('e.id'))])))))
        .orderBy('e.starts_at', 'desc')
        .executeTakeFirstOrThrow();
      return rowIdRecord(row.id);
    },
    missing: missingRowId,
    snapshot: async (t, id) => ({
      event: await t.db.selectFrom('timetable_events').selectAll().where('id', '=', Number(id.text)).executeTakeFirst(),
      records: await t.db.selectFrom('attendance_records').selectAll().where('event_id', '=', Number(id.text)).orderBy('id').execute(),
      registrations: await t.db.selectFrom('attendance_registrations').selectAll().where('event_id', '=', Number(id.text)).orderBy('id').execute(),
    }),
  },
};

/** A value the schema accepts, the same on every run. */
function validSample(schema: z.core.$ZodType): unknown {
  const samples = fc.sample(validFor(schema), { numRuns: 200, seed: 7 });
  const valid = samples.find((sample) => z.safeParse(schema, sample).success);
  if (valid === undefined) throw new Error('no valid sample for a schema');
  return valid;
}

function multipart(fields: Record<string, unknown>): { payload: Buffer; contentType: string } {
  const boundary = '----ownershipBoundary';
  const parts = Object.entries(fields).flatMap(([name, value]) =>
    (Array.isArray(value) ? value : value === undefined ? [] : [value]).map(
      (item) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${String(item)}\r\n`,
    ));
  return { payload: Buffer.from(`${parts.join('')}--${boundary}--\r\n`), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** The route called with `records` (one id per kind) wherever its descriptor names a per-user record. */
function call(t: TestApp, caller: Caller, route: RouteDescriptor, records: Record<OwnedRecordKind, OwnedRecord>): Promise<LightMyRequestResponse> {
  const url = route.path.replace(/:([A-Za-z]+)/g, (_match, name: string) => {
    const kind = route.ownedParams?.[name];
    return kind ? encodeURIComponent(records[kind].text) : '1';
  });
  const headers: Record<string, string> = caller.headers();
  let payload: string | Buffer | undefined;
  const fields = Object.entries(route.ownedFields ?? {});
  if (route.body) {
    const base = validSample(route.body);
    const whole = fields.find(([field]) => field === '*');
    const body = whole ? [records[whole[1]].json] : { ...(base as object), ...Object.fromEntries(fields.map(([field, kind]) => [field, records[kind].json])) };
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(body);
  } else if (route.multipart) {
    const base = validSample(route.multipart) as Record<string, unknown>;
    const form = multipart({ ...base, ...Object.fromEntries(fields.map(([field, kind]) => [field, records[kind].text])) });
    headers['content-type'] = form.contentType;
    payload = form.payload;
  }
  return t.app.inject({ method: route.method, url, headers, ...(payload === undefined ? {} : { payload }) });
}

let t: TestApp;
const callers = new Map<string, Caller>();
const victimRecords = {} as Record<OwnedRecordKind, OwnedRecord>;
const missingRecords = Object.fromEntries(Object.entries(recordKinds).map(([kind, spec]) => [kind, spec.missing])) as Record<OwnedRecordKind, OwnedRecord>;

beforeAll(async () => {
  t = await createTestApp();
  for (const name of ['student', 'lecturer', 'admin']) callers.set(name, await signIn(t.app, name));
  const victim = await t.db.selectFrom('users').select('id').where('user_name', '=', VICTIM).executeTakeFirstOrThrow();
  for (const [kind, spec] of Object.entries(recordKinds) as [OwnedRecordKind, RecordKind][]) victimRecords[kind] = await spec.victims(t, victim.id);
});
afterAll(() => t.close());

const kindsNamedBy = (route: RouteDescriptor): OwnedRecordKind[] =>
  [...Object.values(route.ownedParams ?? {}), ...Object.values(route.ownedFields ?? {})].filter((kind): kind is OwnedRecordKind => kind !== null);

describe('route matrix: another user\'s record', () => {
  it('every path parameter of every route says whether it names a per-user record', () => {
    const undeclared = allRoutes.flatMap((route) => {
      const params = [...route.path.matchAll(/:([A-Za-z]+)/g)].map((match) => match[1] ?? '');
      const declared = Object.keys(route.ownedParams ?? {});
      return [
        ...params.filter((param) => !declared.includes(param)).map((param) => `${route.id}: :${param} is not in ownedParams`),
        ...declared.filter((param) => !params.includes(param)).map((param) => `${route.id}: ownedParams names ${param}, which is not in the path`),
      ];
    });
    expect(undeclared).toEqual([]);
  });

  it('covers the routes that name per-user records', () => {
    const ids = allRoutes.filter((route) => kindsNamedBy(route).length > 0).map((route) => route.id);
    expect(ids).toEqual(expect.arrayContaining(['absences.cancel', 'absences.file', 'notifications.getSubscription', 'notifications.markAsRead']));
    // A lecturer's classes (taughtClass): the register, moving and cancelling.
    expect(ids).toEqual(expect.arrayContaining(['register.get', 'register.close', 'register.markPresent', 'timetable.moveClass', 'admin.cancelClass']));
  });

  const owning = allRoutes.filter((route) => kindsNamedBy(route).length > 0);
  it.each(owning.map((route) => [route.id, route] as const))('%s treats another user\'s id as one that does not exist', async (_id, route) => {
    const caller = callers.get(attackerOf(route));
    if (!caller) throw new Error(`no caller for ${route.id}`);
    const kinds = kindsNamedBy(route);
    const before = await Promise.all(kinds.map((kind) => recordKinds[kind].snapshot(t, victimRecords[kind])));
    expect(before.every((row) => row !== undefined)).toBe(true);

    const theirs = await call(t, caller, route, victimRecords);
    const missing = await call(t, caller, route, missingRecords);
    expect(theirs.statusCode).toBeLessThan(500);
    if (![403, 404].includes(theirs.statusCode)) {
      // Never more than for an id that does not exist: e.g. GET subscription answers null for both.
      expect({ status: theirs.statusCode, body: theirs.body }).toEqual({ status: missing.statusCode, body: missing.body });
    }
    for (const kind of kinds) expect(theirs.body).not.toContain(`"${String(victimRecords[kind].json)}"`);
    const after = await Promise.all(kinds.map((kind) => recordKinds[kind].snapshot(t, victimRecords[kind])));
    expect(after).toEqual(before);
  });
});
