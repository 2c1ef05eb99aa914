import { TIMEZONE } from '../../../calendar/academicCalendar.js';
import type { Db } from '../../../db/database.js';
import { isRecord } from '../../../../shared/guards.js';

/** An audited record: its kind and id, with the snapshots the entry kept of it. */
export interface NamedTarget {
  readonly type: string;
  readonly id: number | string;
  readonly before?: unknown;
  readonly after?: unknown;
}

/** The key of a target in the map `auditTargetNames` answers. */
export const targetKey = (target: Pick<NamedTarget, 'type' | 'id'>): string => `${target.type}:${String(target.id)}`;

const dateTime = (at: Date): string =>
  new Intl.DateTimeFormat('en-GB', { timeZone: TIMEZONE, day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
    .format(at)
    .replace(',', '');
const date = (at: Date): string => new Intl.DateTimeFormat('en-GB', { timeZone: TIMEZONE, day: '2-digit', month: '2-digit', year: 'numeric' }).format(at);
const person = (displayName: string, userName: string): string => `${displayName} (${userName})`;

/** The name an entry's own snapshot gives the record (a deleted link keeps its name in `before`). */
function snapshotName(target: NamedTarget): string | undefined {
  for (const snapshot of [target.after, target.before]) {
    if (!isRecord(snapshot)) continue;
    for (const field of ['displayName', 'name', 'title', 'fileName']) {
      const value = snapshot[field];
      if (typeof value === 'string' && value !== '') return value;
    }
  }
  return undefined;
}

type Lookup = (db: Db, ids: readonly number[]) => Promise<readonly { id: number; name: string }[]>;

/** Per kind of record, how to read the names of those ids (one query per kind on a page). */
const lookups: Readonly<Record<string, Lookup>> = {
  link: (db, ids) => db.selectFrom('resource_links').select(['id', 'display_name as name']).where('id', 'in', ids).execute(),
  category: (db, ids) => db.selectFrom('resource_categories').select(['id', 'name']).where('id', 'in', ids).execute(),
  rule: (db, ids) => db.selectFrom('audience_rules').select(['id', 'name']).where('id', 'in', ids).execute(),
  adgroup: (db, ids) => db.selectFrom('directory_groups').select(['id', 'name']).where('id', 'in', ids).execute(),
  adminNotification: (db, ids) => db.selectFrom('admin_notifications').select(['id', 'title as name']).where('id', 'in', ids).execute(),
  importBatch: (db, ids) => db.selectFrom('import_batches').select(['id', 'file_name as name']).where('id', 'in', ids).execute(),
  integrationClient: (db, ids) => db.selectFrom('integration_clients').select(['id', 'name']).where('id', 'in', ids).execute(),
  user: async (db, ids) =>
    (await db.selectFrom('users').select(['id', 'display_name', 'user_name']).where('id', 'in', ids).execute()).map((u) => ({ id: u.id, name: person(u.display_name, u.user_name) })),
  timetableEvent: async (db, ids) =>
    (
      await db
        .selectFrom('timetable_events as e')
        .innerJoin('modules as m', 'm.id', 'e.module_id')
        .select(['e.id', 'm.code', 'm.name', 'e.title', 'e.starts_at'])
        .where('e.id', 'in', ids)
        .execute()
    ).map((e) => ({ id: e.id, name: `${e.code} ${e.title ?? e.name}, ${dateTime(e.starts_at)}` })),
  absenceRequest: async (db, ids) =>
    (
      await db
        .selectFrom('absence_requests as a')
        .innerJoin('users as u', 'u.id', 'a.student_user_id')
        .select(['a.id', 'a.absence_start', 'u.display_name', 'u.user_name'])
        .where('a.id', 'in', ids)
        .execute()
    ).map((a) => ({ id: a.id, name: `${person(a.display_name, a.user_name)}, from ${date(a.absence_start)}` })),
  referral: async (db, ids) =>
    (
      await db
        .selectFrom('referrals as r')
        .innerJoin('users as u', 'u.id', 'r.student_user_id')
        .select(['r.id', 'r.created_at', 'u.display_name', 'u.user_name'])
        .where('r.id', 'in', ids)
        .execute()
    ).map((r) => ({ id: r.id, name: `${person(r.display_name, r.user_name)}, sent ${date(r.created_at)}` })),
};

/** Records named by a text id: a service of the status feed, a user by user name. */
const textLookups: Readonly<Record<string, (db: Db, ids: readonly string[]) => Promise<readonly { id: string; name: string }[]>>> = {
  service: (db, ids) => db.selectFrom('service_statuses').select(['id', 'name']).where('id', 'in', ids).execute(),
  user: async (db, ids) =>
    (await db.selectFrom('users').select(['user_name', 'display_name']).where('user_name', 'in', ids).execute()).map((u) => ({ id: u.user_name, name: person(u.display_name, u.user_name) })),
};

/**
 * The readable name of each entry's record ("Moodle", "CS101 Programming, 12/03/2027 10:00"), in
 * the order given: the name the entry's own snapshot kept (so a deleted or renamed record reads as
 * it was then), else the record as it is now, else null. One query per kind of record.
 */
export async function auditTargetNames(db: Db, targets: readonly (NamedTarget | null)[]): Promise<(string | null)[]> {
  const current = new Map<string, string>();
  const numeric = new Map<string, Set<number>>();
  const textual = new Map<string, Set<string>>();
  for (const target of targets) {
    if (!target || snapshotName(target) !== undefined) continue;
    if (typeof target.id === 'number') numeric.set(target.type, (numeric.get(target.type) ?? new Set()).add(target.id));
    else textual.set(target.type, (textual.get(target.type) ?? new Set()).add(target.id));
  }
  const read = async <I extends number | string>(type: string, ids: ReadonlySet<I>, lookup: ((db: Db, ids: readonly I[]) => Promise<readonly { id: I; name: string }[]>) | undefined) => {
    if (!lookup) return;
    for (const row of await lookup(db, [...ids])) current.set(targetKey({ type, id: row.id }), row.name);
  };
  await Promise.all([
    ...[...numeric].map(([type, ids]) => read(type, ids, lookups[type])),
    ...[...textual].map(([type, ids]) => read(type, ids, textLookups[type])),
  ]);
  return targets.map((target) => (target ? snapshotName(target) ?? current.get(targetKey(target)) ?? null : null));
}
