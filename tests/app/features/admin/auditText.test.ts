import { describe, expect, it } from 'vitest';
import { actionLabel, describeAuditEntry, recordName } from '../../../../src/app/features/admin/audit/auditText';

describe('the audit log in words', () => {
  it('reads an entry as a sentence naming its record', () => {
    expect(describeAuditEntry({ action: 'admin.link.delete', target: { type: 'link', id: 3 }, targetName: 'Moodle' })).toBe("Deleted the link 'Moodle'");
    expect(describeAuditEntry({ action: 'admin.adgroup.update', target: { type: 'adgroup', id: 1 }, targetName: 'Library staff' })).toBe("Changed the directory group 'Library staff'");
    expect(describeAuditEntry({ action: 'timetable.move', target: { type: 'timetableEvent', id: 434 }, targetName: 'CS101 Programming, 12/03/2027 10:00' })).toBe(
      'Moved the class CS101 Programming, 12/03/2027 10:00',
    );
  });

  it('falls back to the kind and number of a record without a name, and to the key of an unknown action', () => {
    expect(describeAuditEntry({ action: 'timetable.move', target: { type: 'timetableEvent', id: 434 }, targetName: null })).toBe('Moved a class (class 434)');
    expect(recordName({ target: { type: 'timetableEvent', id: 434 }, targetName: null })).toBe('class 434');
    expect(recordName({ target: null, targetName: null })).toBe('');
    expect(describeAuditEntry({ action: 'test.unknown', target: null, targetName: null })).toBe('test.unknown');
    expect(actionLabel('test.unknown')).toBe('test.unknown');
  });

  it('labels the actions for the filter without a record', () => {
    expect(actionLabel('admin.link.delete')).toBe('Deleted a link');
    expect(actionLabel('admin.rule.create')).toBe('Added an audience rule');
    expect(actionLabel('admin.notification.send')).toBe('Sent a notification');
  });
});
