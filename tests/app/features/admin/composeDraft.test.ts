import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import type { AdminNotification } from '../../../../src/shared/contract/adminNotifications';
import { bodyOf, draftOf, emptyDraft, scheduleProblem, userNamesOf } from '../../../../src/app/features/admin/notifications/composeDraft';

describe('the compose draft', () => {
  it('reads user names separated by commas, spaces, semicolons or new lines', () => {
    expect(userNamesOf(' student, lecturer;staff\nstudent2  ')).toEqual(['student', 'lecturer', 'staff', 'student2']);
    expect(userNamesOf('  ')).toEqual([]);
  });

  it('sends now (no sendAt) unless scheduled, an empty link as null, and the audience as chosen', () => {
    const body = bodyOf({ ...emptyDraft, title: 'T', body: 'B', url: '  ', roles: ['Student'], userNames: 'student2', sendDate: '2030-01-02', sendTime: '09:30' });
    expect(body).toEqual({
      title: 'T',
      body: 'B',
      url: null,
      notificationType: 'General',
      audience: { roles: ['Student'], ruleRowIds: [], adGroupRowIds: [], userNames: ['student2'] },
      sendAt: null,
    });
  });

  it('turns a scheduled local day and time into an instant, and back for editing', () => {
    const body = bodyOf({ ...emptyDraft, title: 'T', body: 'B', isScheduled: true, sendDate: '2030-01-02', sendTime: '09:30' });
    expect(body.sendAt).toBe(dayjs('2030-01-02T09:30').toISOString());
    const saved: AdminNotification = {
      rowId: 4, title: 'T', body: 'B', url: '/timetable', notificationType: 'Timetable',
      audience: { ruleRowIds: [2], roles: ['TeachingStaff'], adGroupRowIds: [3], userNames: ['student', 'staff'] },
      sendAt: body.sendAt ?? '', status: 'Scheduled', createdBy: 'admin', createdAt: body.sendAt ?? '', sentAt: null,
      recipients: 0, pushesDelivered: 0, pushesFailed: 0, readCount: 0, readRate: null,
    };
    expect(draftOf(saved)).toMatchObject({
      url: '/timetable', notificationType: 'Timetable', roles: ['TeachingStaff'], ruleRowIds: [2], adGroupRowIds: [3],
      userNames: 'student, staff', isScheduled: true, sendDate: '2030-01-02', sendTime: '09:30',
    });
  });

  it('holds back a schedule with no day or no time, and never reads it as "send now"', () => {
    const scheduled = { ...emptyDraft, title: 'T', body: 'B', isScheduled: true };
    const problem = 'Choose the day and the time to send it, or send it now.';
    expect(scheduleProblem({ ...scheduled, sendDate: '', sendTime: '' })).toBe(problem);
    expect(scheduleProblem({ ...scheduled, sendDate: '2030-01-02', sendTime: '' })).toBe(problem);
    expect(scheduleProblem({ ...scheduled, sendDate: '', sendTime: '09:30' })).toBe(problem);
    expect(scheduleProblem({ ...scheduled, sendDate: '2030-01-02', sendTime: '09:30' })).toBeUndefined();
    expect(scheduleProblem({ ...emptyDraft, isScheduled: false })).toBeUndefined();
  });
});
