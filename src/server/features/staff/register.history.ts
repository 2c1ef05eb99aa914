import { sql } from 'kysely';
import type { RegisterHistoryEntry } from '../../../shared/contract/staffRegister.js';
import type { Db } from '../../db/database.js';
import { placeAndTime } from '../notifications/timetableChanges.service.js';
import { londonIso } from '../timetable/londonTime.js';

/** The audited actions a register's history shows (`target` is the class). */
export const registerHistoryActions = ['register.close', 'register.override', 'register.checkInCode', 'timetable.move', 'timetable.cancel'] as const;

interface HistoryRow {
  readonly at: Date;
  readonly action: string;
  readonly detail: AuditDetail;
  readonly actor_name: string | null;
  readonly student_name: string | null;
}

interface AuditDetail {
  readonly before?: { startsAt?: string; roomId?: string | null };
  readonly after?: { startsAt?: string; roomId?: string | null; requiresCheckInCode?: boolean };
  readonly context?: { reason?: string; clashesConfirmed?: readonly string[]; moduleCode?: string };
}

const placeOf = (part: AuditDetail['before']): string =>
  part?.startsAt ? placeAndTime(new Date(part.startsAt), part.roomId ?? null) : 'its old time';

function summaryOf(row: HistoryRow): string {
  switch (row.action) {
    case 'register.close':
      return 'Closed the register';
    case 'register.override':
      return `Marked ${row.student_name ?? 'a student'} present`;
    case 'timetable.cancel':
      return 'Cancelled the class';
    case 'register.checkInCode':
      return `${row.detail.after?.requiresCheckInCode === true ? 'Turned on' : 'Turned off'} the check-in code for ${row.detail.context?.moduleCode ?? 'the module'}`;
    default: {
      const clashes = row.detail.context?.clashesConfirmed?.length ?? 0;
      const accepted = clashes > 0 ? `, accepting ${clashes} ${clashes === 1 ? 'clash' : 'clashes'}` : '';
      return `Moved the class from ${placeOf(row.detail.before)} to ${placeOf(row.detail.after)}${accepted}`;
    }
  }
}

/**
 * A class's history from the audit log, oldest first: who closed its register, marked students
 * present (with the reason given after close), moved or cancelled it. A register the job closed has
 * no audit entry of its own: that closing is added, by no one.
 */
export async function registerHistory(db: Db, eventId: number, closedAt: Date | null): Promise<RegisterHistoryEntry[]> {
  const { rows } = await sql<HistoryRow>`
    select a.at, a.action, a.detail, actor.display_name as actor_name, student.display_name as student_name
    from audit_log a
    left join users actor on actor.id = a.user_id
    left join users student on a.action = 'register.override'
      and student.id = (a.detail -> 'after' ->> 'studentUserId')::integer
    where a.detail -> 'target' ->> 'type' = 'timetableEvent' and a.detail -> 'target' ->> 'id' = ${String(eventId)}
      and a.action in (${sql.join([...registerHistoryActions])})
    order by a.at, a.id`.execute(db);
  const entries = rows.map((row): RegisterHistoryEntry => ({
    at: londonIso(row.at),
    actorName: row.actor_name,
    summary: summaryOf(row),
    reason: row.detail.context?.reason ?? null,
  }));
  if (closedAt && !rows.some((row) => row.action === 'register.close')) {
    const closing = { at: londonIso(closedAt), actorName: null, summary: 'The register closed at its closing time', reason: null };
    const index = entries.findIndex((entry) => Date.parse(entry.at) > closedAt.getTime());
    entries.splice(index === -1 ? entries.length : index, 0, closing);
  }
  return entries;
}
