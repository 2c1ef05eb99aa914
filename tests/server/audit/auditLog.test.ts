import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordAudit } from '../../../src/server/audit/auditLog.js';
import { createTestDatabase, type TestDatabase } from '../../helpers/testDb.js';

let test: TestDatabase;

beforeAll(async () => {
  test = await createTestDatabase('empty');
});
afterAll(async () => {
  await test.drop();
});

describe('recordAudit', () => {
  it('stores who, what, the target and the before and after states', async () => {
    const user = await test.db
      .insertInto('users')
      .values({ user_name: 'auditor', display_name: 'A Auditor', first_name: 'A', email: 'a@example.ac.uk' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await recordAudit(test.db, { at: new Date('2026-10-05T07:55:00Z'),
      actorUserId: user.id,
      action: 'admin.link.update',
      target: { type: 'link', id: 7 },
      before: { displayName: 'Old' },
      after: { displayName: 'New' },
    });
    const row = await test.db.selectFrom('audit_log').selectAll().where('action', '=', 'admin.link.update').executeTakeFirstOrThrow();
    expect(row.user_id).toBe(user.id);
    expect(row.at).toBeInstanceOf(Date);
    expect(row.detail).toEqual({ target: { type: 'link', id: 7 }, before: { displayName: 'Old' }, after: { displayName: 'New' } });
  });

  it('commits with the change it records, or not at all', async () => {
    await expect(
      test.db.transaction().execute(async (trx) => {
        await recordAudit(trx, { at: new Date('2026-10-05T07:55:00Z'), actorUserId: null, action: 'test.rolledBack' });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    const rows = await test.db.selectFrom('audit_log').select('id').where('action', '=', 'test.rolledBack').execute();
    expect(rows).toHaveLength(0);
  });

  it('gives directory groups a reviewer flag that defaults to off', async () => {
    const group = await test.db
      .insertInto('directory_groups')
      .values({ external_id: 'g-1', name: 'Group one' })
      .returning(['is_absence_review_group'])
      .executeTakeFirstOrThrow();
    expect(group.is_absence_review_group).toBe(false);
  });
});
