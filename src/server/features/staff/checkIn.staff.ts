import type { CheckInCode } from '../../../shared/contract/staffRegister.js';
import { recordAudit } from '../../audit/auditLog.js';
import type { Db } from '../../db/database.js';
import { HttpError } from '../../http/errors.js';
import { shownCheckInCode } from '../attendance/checkInCode.js';
import { checkInSecretOf } from '../attendance/checkInSecret.js';
import { londonIso } from '../timetable/londonTime.js';

/**
 * The lecturer's side of the check-in code (issue 31 §5): turning it on or off for a module, and
 * the code to project. Callers check first that the user may change the class (`assertMayChangeClass`).
 */

/**
 * Sets whether the class's module asks for the check-in code, with a `register.checkInCode` audit
 * entry (target: the class it was set from, so its register's history shows it) in the same
 * transaction. Setting what is already set writes nothing.
 */
export async function setCheckInRequirement(db: Db, actorUserId: number, eventId: number, isRequired: boolean, now: Date): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const event = await trx
      .selectFrom('timetable_events as e')
      .innerJoin('modules as m', 'm.id', 'e.module_id')
      .select(['m.id as module_id', 'm.code'])
      .where('e.id', '=', eventId)
      .executeTakeFirstOrThrow();
    const current = await trx
      .selectFrom('module_check_in_settings')
      .select('is_required')
      .where('module_id', '=', event.module_id)
      .forUpdate()
      .executeTakeFirst();
    const wasRequired = current?.is_required === true;
    if (wasRequired === isRequired) return;
    await trx
      .insertInto('module_check_in_settings')
      .values({ module_id: event.module_id, is_required: isRequired, updated_by_user_id: actorUserId, updated_at: now })
      .onConflict((oc) => oc.column('module_id').doUpdateSet({ is_required: isRequired, updated_by_user_id: actorUserId, updated_at: now }))
      .execute();
    await recordAudit(trx, {
      at: now,
      actorUserId,
      action: 'register.checkInCode',
      target: { type: 'timetableEvent', id: eventId },
      before: { requiresCheckInCode: wasRequired },
      after: { requiresCheckInCode: isRequired },
      context: { moduleId: event.module_id, moduleCode: event.code },
    });
  });
}

/** The field a refusal to show the code is filed under. */
const codeField = 'checkInCode';

/**
 * The code to project now for a class whose module asks for one: 409 when it does not, or when the
 * class is cancelled (nobody can register).
 */
export async function checkInCodeNow(db: Db, eventId: number, now: Date): Promise<CheckInCode> {
  const event = await db
    .selectFrom('timetable_events as e')
    .leftJoin('module_check_in_settings as s', 's.module_id', 'e.module_id')
    .select(['e.is_cancelled', 's.is_required'])
    .where('e.id', '=', eventId)
    .executeTakeFirstOrThrow();
  if (event.is_required !== true) {
    const message = 'This class does not ask for a check-in code. Turn it on first.';
    throw new HttpError(409, 'conflict', message, { [codeField]: [message] });
  }
  if (event.is_cancelled) {
    const message = 'This class is cancelled: no one can register.';
    throw new HttpError(409, 'conflict', message, { [codeField]: [message] });
  }
  const shown = shownCheckInCode(await checkInSecretOf(db, eventId, now), now.getTime());
  return {
    code: shown.code,
    shownFrom: londonIso(new Date(shown.shownFromMs)),
    changesAt: londonIso(new Date(shown.changesAtMs)),
    acceptedUntil: londonIso(new Date(shown.acceptedUntilMs)),
  };
}
