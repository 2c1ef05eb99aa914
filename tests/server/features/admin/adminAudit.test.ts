import { beforeAll, describe, expect, it } from 'vitest';
import { auditLogRoute, type AuditPage } from '../../../../src/shared/contract/adminAudit.js';
import { createAdminNotificationRoute, type AdminNotification } from '../../../../src/shared/contract/adminNotifications.js';
import { createLinkRoute, deleteLinkRoute, type AdminLink } from '../../../../src/shared/contract/adminAudience.js';
import { recordAudit } from '../../../../src/server/audit/auditLog.js';
import type { Caller } from '../../../helpers/testApp.js';
import { TEST_CLOCK_START } from '../../../helpers/testClock.js';
import { useTestApp } from '../../../helpers/useTestApp.js';
import { idOf } from '../notifications/support.js';

const t = useTestApp();
/** When the entries this file writes by hand were made: an hour before the app's clock starts, so the entries the app writes are newer. */
const auditedAt = new Date(Date.parse(TEST_CLOCK_START) - 3_600_000);
let admin: Caller;
let created: AdminNotification;

beforeAll(async () => {
  admin = await t.signIn('admin');
  await recordAudit(t.db, { at: auditedAt, actorUserId: await idOf(t.db, 'lecturer'), action: 'register.override', target: { type: 'attendanceRecord', id: 7 }, before: { result: 'Absent' }, after: { result: 'Attended' } });
  created = (
    await t.call(createAdminNotificationRoute, {
      as: admin,
      body: { title: 'Audit me', body: 'Text', notificationType: 'General', audience: { userNames: ['student'] }, sendAt: new Date(t.clock.nowMs() + 3_600_000).toISOString() },
    })
  ).json<AdminNotification>();
});

const read = async (query: Record<string, string | number> = {}, as = admin) => t.call(auditLogRoute, { as, query });

describe('GET /api/admin/audit', () => {
  it('refuses anyone without the Administrator role', async () => {
    for (const name of ['student', 'lecturer', 'staff']) expect((await read({}, await t.signIn(name))).statusCode).toBe(403);
  });

  it('lists entries newest first with who, what, the target and before/after', async () => {
    const page = (await read()).json<AuditPage>();
    expect(page.total).toBeGreaterThanOrEqual(2);
    expect(page.items[0]).toMatchObject({
      actorUserName: 'admin',
      action: 'admin.notification.schedule',
      target: { type: 'adminNotification', id: created.rowId },
      after: { title: 'Audit me', status: 'Scheduled' },
    });
    expect(page.actions).toEqual(expect.arrayContaining(['admin.notification.schedule', 'register.override']));
  });

  it('filters by who (user or display name, any case) and by what (action prefix)', async () => {
    const byLecturer = (await read({ actor: 'LECT' })).json<AuditPage>();
    expect(byLecturer.items.map((item) => item.action)).toEqual(['register.override']);
    expect(byLecturer.items[0]).toMatchObject({ before: { result: 'Absent' }, after: { result: 'Attended' } });
    const byAction = (await read({ action: 'admin.notification' })).json<AuditPage>();
    expect(byAction.items.length).toBeGreaterThan(0);
    expect(byAction.items.every((item) => item.action.startsWith('admin.notification'))).toBe(true);
    expect((await read({ action: '%' })).json<AuditPage>().total).toBe(0);
  });

  it('pages, and refuses a page size over 100 in the SPEC §8 shape', async () => {
    const all = (await read({ pageSize: 100 })).json<AuditPage>();
    const second = (await read({ pageSize: 1, page: 2 })).json<AuditPage>();
    expect(second).toMatchObject({ page: 2, pageSize: 1, total: all.total });
    expect(second.items).toEqual([all.items[1]]);
    const refused = await read({ pageSize: 101 });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ message: expect.any(String), errors: { pageSize: [expect.any(String)] } });
  });
});

describe('GET /api/admin/audit: record names (issue 31 §6)', () => {
  it("names each entry's record: a deleted link by the name it had, a class by module, title and time, a user by name", async () => {
    const category = await t.db.selectFrom('resource_categories').select('id').orderBy('id').executeTakeFirstOrThrow();
    const link = (
      await t.call(createLinkRoute, { as: admin, body: { displayName: 'Moodle (audit)', url: 'https://moodle.example.ac.uk/', categoryRowId: category.id, ruleRowIds: [], isActive: true } })
    ).json<AdminLink>();
    expect((await t.call(deleteLinkRoute, { as: admin, params: { rowId: link.rowId } })).statusCode).toBe(204);
    const event = await t.db
      .selectFrom('timetable_events as e')
      .innerJoin('modules as m', 'm.id', 'e.module_id')
      .select(['e.id', 'm.code'])
      .orderBy('e.id')
      .executeTakeFirstOrThrow();
    const lecturerId = await idOf(t.db, 'lecturer');
    await recordAudit(t.db, { at: auditedAt, actorUserId: lecturerId, action: 'register.close', target: { type: 'timetableEvent', id: event.id } });
    await recordAudit(t.db, { at: auditedAt, actorUserId: null, action: 'auth.signOutEverywhere', target: { type: 'user', id: lecturerId } });
    await recordAudit(t.db, { at: auditedAt, actorUserId: null, action: 'test.unknown', target: { type: 'gadget', id: 9 } });

    const items = (await read({ pageSize: 100 })).json<AuditPage>().items;
    const named = (action: string) => items.find((item) => item.action === action);
    expect(named('admin.link.delete')).toMatchObject({ target: { type: 'link', id: link.rowId }, targetName: 'Moodle (audit)' });
    expect(named('admin.link.create')).toMatchObject({ targetName: 'Moodle (audit)' });
    expect(named('register.close')?.targetName).toMatch(new RegExp(`^${event.code} .+, \\d{2}/\\d{2}/\\d{4} \\d{2}:\\d{2}$`));
    expect(named('auth.signOutEverywhere')?.targetName).toMatch(/\(lecturer\)$/);
    expect(named('admin.notification.schedule')?.targetName).toBe('Audit me');
    expect(named('test.unknown')).toMatchObject({ target: { type: 'gadget', id: 9 }, targetName: null });
  });
});
