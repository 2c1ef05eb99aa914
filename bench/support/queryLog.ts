import { createHash } from 'node:crypto';
import { Kysely, PostgresDialect, type LogEvent } from 'kysely';
import pg from 'pg';
import { importEntityNames } from '../../src/shared/contract/adminImports.js';
// Imported for its side effect too: BIGINT and DATE parsed as the app parses them.
import type { Db } from '../../src/server/db/database.js';
import '../../src/server/db/database.js';
import type { Database } from '../../src/server/db/schema.js';

/**
 * Every statement a Db runs, timed by Kysely's log hook, under a name saying which step of the
 * import it belongs to (`stage rows`, `check: references [events]`, `apply: upsert timetable_events`),
 * so a benchmark can say where the time went without touching the code it measures. Parameters are
 * not kept (a staging insert carries a thousand rows), except those naming an entity, and the full
 * text and parameters of the slowest statements, to EXPLAIN them.
 */

export interface TimedStatement {
  /** performance.now() when it finished. */
  readonly endAt: number;
  readonly ms: number;
  readonly label: string;
}

export interface SlowStatement {
  readonly label: string;
  readonly ms: number;
  readonly sql: string;
  /** Present when small enough to keep. */
  readonly parameters: readonly unknown[] | undefined;
}

const entityNames = new Set<string>(importEntityNames);
const SLOW_KEPT = 12;

/** Known statements of the import pipeline (src/server/features/imports), by a fragment of their text. */
const KNOWN: readonly [RegExp, string][] = [
  [/^insert into "import_uploads"/, 'upload: store chunks'],
  [/^select "chunk" from "import_uploads"/, 'validate: unpack upload'],
  [/^insert into "import_staged_rows"/, 'stage rows'],
  [/partition by entity, sourced_id/, 'check: duplicate ids'],
  [/from import_staged_rows s, lateral/, 'check: references'],
  [/lower\(t\.data ->> 'username'\)|over \(partition by lower\(s\.data ->> 'username'\)/, 'check: user names'],
  [/partition by data ->> 'classsourcedid'/, 'check: repeated enrolments'],
  [/s\.entity = 'classes' and s\.status = 'active'/, 'check: academic year of groups'],
  [/count\(\*\) filter \(where h\.sourced_id is null\)/, 'plan: tally'],
  [/^select count\(\*\) as n from/, 'plan: id-change guard'],
  [/^delete from "import_problems"|^insert into "import_problems"/, 'validate: save problems'],
  [/^update users u set sourced_id/, 'apply: adopt signed-in users'],
  [/^insert into buildings/, 'apply: buildings'],
  [/^insert into import_changes .*'deactivate'/, 'apply: snapshot deactivated'],
  [/^select record_id from import_changes/, 'apply: list deactivated'],
  [/set is_active = false/, 'apply: deactivate'],
  [/^insert into import_changes/, 'apply: snapshot changed'],
  [/^insert into profiles/, 'apply: profiles'],
  [/personal_tutors/, 'apply: personal tutors'],
  [/^delete from teaching_assignments ta using/, 'apply: event teachers (clear)'],
  [/^insert into teaching_assignments \(lecturer_user_id, event_id\)/, 'apply: event teachers'],
  [/user_roles/, 'apply: sync roles'],
  [/^delete from "import_staged_rows"/, 'clear staged rows'],
  [/^delete from "import_changes"/, 'apply: clear earlier changes'],
  [/c\.before ->> 'starts_at'/, 'notify: events before'],
  [/^select "e"\."id", "m"\."code"/, 'notify: events now'],
];

function labelOf(text: string, parameters: readonly unknown[]): string {
  const s = text.replace(/\s+/g, ' ').trim().toLowerCase();
  let label = KNOWN.find(([pattern]) => pattern.test(s))?.[1];
  if (!label) {
    const upsert = /^insert into "(\w+)" as "?t"?/.exec(s);
    const write = /^(insert into|update|delete from) "?(\w+)"?/.exec(s);
    const read = /^select .*? from "?(\w+)"?/.exec(s);
    if (upsert) label = `apply: upsert ${upsert[1]}`;
    else if (write) label = `${write[1]?.split(' ')[0]} ${write[2]}`;
    else if (read) label = `select from ${read[1]} #${createHash('sha1').update(s).digest('hex').slice(0, 4)}`;
    else label = s.slice(0, 40);
  }
  const entities = [...new Set(parameters.filter((p): p is string => typeof p === 'string' && entityNames.has(p)))];
  return entities.length > 0 ? `${label} [${entities.join(', ')}]` : label;
}

export class QueryLog {
  readonly statements: TimedStatement[] = [];
  readonly slowest: SlowStatement[] = [];
  /** The last statement that failed (a cancelled one: the statement timeout). */
  lastError: { readonly label: string; readonly ms: number } | undefined;

  record(event: LogEvent): void {
    const { sql, parameters } = event.query;
    const ms = event.queryDurationMillis;
    const label = labelOf(sql, parameters);
    this.statements.push({ endAt: performance.now(), ms, label });
    if (this.slowest.length < SLOW_KEPT || ms > (this.slowest.at(-1)?.ms ?? 0)) {
      const small = JSON.stringify(parameters).length < 20_000;
      this.slowest.push({ label, ms, sql: sql.length < 20_000 ? sql : `${sql.slice(0, 2000)} …`, parameters: small ? [...parameters] : undefined });
      this.slowest.sort((a, b) => b.ms - a.ms);
      this.slowest.length = Math.min(this.slowest.length, SLOW_KEPT);
    }
    if (event.level === 'error') {
      this.lastError = { label, ms };
      console.error(`[import bench] ${label} failed after ${Math.round(ms)} ms`);
    }
  }

  /** The statements that ended in [from, to] (performance.now() times). */
  between(from: number, to: number): TimedStatement[] {
    return this.statements.filter((s) => s.endAt >= from && s.endAt <= to);
  }

  clearSlowest(): void {
    this.slowest.length = 0;
  }
}

/** Total ms per label, largest first. */
export function byLabel(statements: readonly TimedStatement[]): { label: string; ms: number; count: number }[] {
  const totals = new Map<string, { ms: number; count: number }>();
  for (const s of statements) {
    const t = totals.get(s.label) ?? { ms: 0, count: 0 };
    t.ms += s.ms;
    t.count += 1;
    totals.set(s.label, t);
  }
  return [...totals].map(([label, t]) => ({ label, ...t })).sort((a, b) => b.ms - a.ms);
}

/**
 * A Kysely database on its own pg pool, as createDb makes, that reports every statement to `log`;
 * a statement running over `statementTimeoutMs` is cancelled by PostgreSQL (SQLSTATE 57014).
 */
export function loggedDb(connectionString: string, log: QueryLog, maxConnections = 10, statementTimeoutMs = 0): { db: Db; destroy: () => Promise<void> } {
  const pool = new pg.Pool({ connectionString, max: maxConnections, statement_timeout: statementTimeoutMs });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), log: (event) => log.record(event) });
  return { db, destroy: () => db.destroy() };
}
