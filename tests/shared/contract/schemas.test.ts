import { describe, expect, it } from 'vitest';
import {
  absenceCreateFieldsSchema,
  absenceRequestSchema,
  absenceUpdateFieldsSchema,
  anonymousUserInfo,
  apiErrorSchema,
  appPreferencesSchema,
  callDateTime,
  cancelAbsenceRoute,
  demoSignInSchema,
  feedbackSchema,
  clashQuerySchema,
  hexColour,
  icalFeedRoute,
  isoDateTime,
  markAsReadSchema,
  referralSchema,
  returnToSchema,
  serviceStatusesJsonSchema,
  sessionUserInfoSchema,
  signedInUserInfoSchema,
  subscribeSchema,
} from '../../../src/shared/contract';

const signedIn = {
  isSignedIn: true,
  isStaffSignedIn: false,
  isStudentSignedIn: true,
  userId: 'u1',
  userName: 'ada',
  userDisplayName: 'Ada Lovelace',
  userFirstName: 'Ada',
  userEmailAddress: 'ada@example.ac.uk',
  staffJobFamily: null,
  userRoles: ['Student'],
  userAdGroups: [],
  slidingExpiration: true,
  slidingExpirationMinutes: 20,
  sessionExpiration: '2025-01-01T10:20:00Z',
};

describe('common schemas', () => {
  it('accepts ISO date-times with or without an offset, and refuses impossible dates', () => {
    expect(isoDateTime.safeParse('2025-03-01T09:00:00Z').success).toBe(true);
    expect(isoDateTime.safeParse('2025-03-01T09:00:00.123+01:00').success).toBe(true);
    expect(isoDateTime.safeParse('2025-03-01T09:00:00').success).toBe(true);
    expect(isoDateTime.safeParse('2025-02-30T09:00:00').success).toBe(false);
    expect(isoDateTime.safeParse('yesterday').success).toBe(false);
  });

  it('holds call date-times to YYYY-MM-DDTHH:mm:ss', () => {
    expect(callDateTime.safeParse('2025-03-01T15:00:00').success).toBe(true);
    expect(callDateTime.safeParse('2025-03-01T15:00:00Z').success).toBe(false);
    expect(callDateTime.safeParse('2025-03-01T15:00').success).toBe(false);
    expect(clashQuerySchema.safeParse({ startDate: '2025-03-01T15:00:00' }).success).toBe(false);
  });

  it('coerces rowId path params and refuses bad ones', () => {
    const params = cancelAbsenceRoute.params;
    expect(params.parse({ rowId: '42' })).toEqual({ rowId: 42 });
    for (const rowId of ['0', '-3', '1.5', 'abc', '']) {
      expect(params.safeParse({ rowId }).success, rowId).toBe(false);
    }
  });

  it('requires a long url-safe calendar id', () => {
    expect(icalFeedRoute.params.safeParse({ uniqueId: 'abcdefghijklmnopqrstuv' }).success).toBe(true);
    expect(icalFeedRoute.params.safeParse({ uniqueId: 'short' }).success).toBe(false);
    expect(icalFeedRoute.params.safeParse({ uniqueId: 'abcdefghijklmnopqrstu/' }).success).toBe(false);
  });

  it('only allows relative returnTo paths', () => {
    expect(returnToSchema.safeParse('/timetable?x=1').success).toBe(true);
    expect(returnToSchema.safeParse('//evil.example').success).toBe(false);
    expect(returnToSchema.safeParse('https://evil.example').success).toBe(false);
  });
});

describe('user schemas', () => {
  it('accepts a signed-in user and an anonymous one', () => {
    expect(signedInUserInfoSchema.safeParse(signedIn).success).toBe(true);
    expect(sessionUserInfoSchema.safeParse(signedIn).success).toBe(true);
    expect(sessionUserInfoSchema.safeParse(anonymousUserInfo).success).toBe(true);
    expect(signedInUserInfoSchema.safeParse(anonymousUserInfo).success).toBe(false);
    expect(sessionUserInfoSchema.safeParse({ isSignedIn: false }).success).toBe(false);
  });

  it('refuses unknown roles', () => {
    expect(signedInUserInfoSchema.safeParse({ ...signedIn, userRoles: ['Dean'] }).success).toBe(false);
  });

  it('defaults isCategoryView to true', () => {
    expect(appPreferencesSchema.parse({})).toEqual({ isCategoryView: true });
  });
});

describe('absence schemas', () => {
  const fields = {
    StudentId: 'S123',
    AbsenceCategoryRowId: '3',
    AbsenceStart: '2025-03-01T15:00:00',
    AbsenceEnd: '2025-03-01T16:00:00',
  };

  it('reads create form fields, with repeated ids as an array', () => {
    expect(absenceCreateFieldsSchema.parse(fields)).toEqual({
      ...fields,
      AbsenceCategoryRowId: 3,
      SupportingFilesToDelete: [],
    });
    const one = absenceCreateFieldsSchema.parse({ ...fields, SupportingFilesToDelete: '7' });
    expect(one.SupportingFilesToDelete).toEqual([7]);
    const two = absenceCreateFieldsSchema.parse({ ...fields, SupportingFilesToDelete: ['7', '8'] });
    expect(two.SupportingFilesToDelete).toEqual([7, 8]);
  });

  it('refuses bad form fields', () => {
    expect(absenceCreateFieldsSchema.safeParse({ ...fields, AbsenceEnd: '01/03/2025' }).success).toBe(false);
    const long = 'x'.repeat(256);
    expect(absenceCreateFieldsSchema.safeParse({ ...fields, AbsenceDescription: long }).success).toBe(false);
    expect(absenceUpdateFieldsSchema.safeParse(fields).success).toBe(false);
    expect(absenceUpdateFieldsSchema.safeParse({ ...fields, RowId: '9' }).success).toBe(true);
  });

  it('accepts a request and refuses an unknown status', () => {
    const request = {
      rowId: 1,
      studentId: 'S123',
      absenceCategoryRowId: 3,
      absenceStart: '2025-03-01T15:00:00Z',
      absenceEnd: '2025-03-01T16:00:00Z',
      absenceDescription: null,
      absenceStatus: 'Pending',
      supportingFiles: [{ rowId: 5, fileName: 'note.pdf' }],
      lastModified: '2025-02-28T10:00:00Z',
    };
    expect(absenceRequestSchema.safeParse(request).success).toBe(true);
    expect(absenceRequestSchema.safeParse({ ...request, absenceStatus: 'Lost' }).success).toBe(false);
  });
});

describe('other payloads', () => {
  it('trims referral notes and requires text', () => {
    expect(referralSchema.parse({ reason: 'Self Referral', notes: '  help  ' }).notes).toBe('help');
    const blank = referralSchema.safeParse({ reason: 'Self Referral', notes: '   ' });
    expect(blank.success).toBe(false);
    expect(blank.error?.issues[0]?.message).toBe('Text is required');
    expect(referralSchema.safeParse({ reason: 'Other', notes: 'x' }).success).toBe(false);
  });

  it('takes markAsRead as a non-empty list of positive ids', () => {
    expect(markAsReadSchema.safeParse([1, 2]).success).toBe(true);
    expect(markAsReadSchema.safeParse([]).success).toBe(false);
    expect(markAsReadSchema.safeParse([0]).success).toBe(false);
  });

  it('accepts a subscription with or without Web Push keys', () => {
    const base = { token: 't', subscriptionNotificationTypes: [{ notificationType: 'General' }] };
    expect(subscribeSchema.safeParse(base).success).toBe(true);
    const webPush = { endpoint: 'https://push.example/x', keys: { p256dh: 'BPa_b-1', auth: 'a1' } };
    expect(subscribeSchema.safeParse({ ...base, webPush }).success).toBe(true);
    const bad = { ...webPush, endpoint: 'javascript:alert(1)' };
    expect(subscribeSchema.safeParse({ ...base, webPush: bad }).success).toBe(false);
    const badType = { ...base, subscriptionNotificationTypes: [{ notificationType: 'Spam' }] };
    expect(subscribeSchema.safeParse(badType).success).toBe(false);
  });

  it('parses the status feed JSON string', () => {
    const text = JSON.stringify([
      {
        id: 'vle', name: 'VLE', feature: null, state: 'operational', since: '2026-11-23T09:00:00Z',
        lastCheckedAt: null, responseTimeMs: null, maintenance: null,
      },
    ]);
    expect(serviceStatusesJsonSchema.parse(text)).toHaveLength(1);
    expect(serviceStatusesJsonSchema.safeParse('not json').success).toBe(false);
  });

  it('matches the SPEC §8 error shape', () => {
    expect(apiErrorSchema.safeParse({ message: 'x', errors: { dateRange: ['bad'] } }).success).toBe(true);
    expect(apiErrorSchema.safeParse({ message: 'x' }).success).toBe(false);
  });
});

describe('error messages', () => {
  const messages = (result: { error?: { issues: ReadonlyArray<{ message: string }> } }) =>
    result.error?.issues.map((issue) => issue.message) ?? [];

  it('keeps the custom messages', () => {
    expect(messages(returnToSchema.safeParse('//evil.example'))).toEqual([
      'Expected a relative path starting with /',
    ]);
    expect(messages(callDateTime.safeParse('2025-03-01T15:00:00.5'))).toContain('Expected YYYY-MM-DDTHH:mm:ss');
    expect(messages(icalFeedRoute.params.safeParse({ uniqueId: 'short' }))).toEqual(['Invalid calendar id']);
    expect(messages(hexColour.safeParse('#12'))).toEqual(['Expected a hex colour']);
    expect(messages(serviceStatusesJsonSchema.safeParse('not json'))).toEqual(['Statuses are not valid JSON']);
  });

  it('words the built-in checks in English, as classic zod did (zod/mini loads no locale itself)', () => {
    expect(messages(demoSignInSchema.safeParse({ userName: '' }))).toEqual([
      'Too small: expected string to have >=1 characters',
    ]);
    expect(messages(feedbackSchema.safeParse({ rating: 1.5 }))).toEqual(['Invalid input: expected int, received number']);
    expect(messages(isoDateTime.safeParse('2025-02-30T09:00:00'))).toEqual(['Invalid ISO datetime']);
    const params = cancelAbsenceRoute.params.safeParse({ rowId: '0' });
    expect(params.error?.issues).toMatchObject([{ path: ['rowId'], message: 'Expected a row id written in digits, such as 42' }]);
    const tooBig = cancelAbsenceRoute.params.safeParse({ rowId: '2147483648' });
    expect(tooBig.error?.issues).toMatchObject([{ path: ['rowId'], message: 'Too big: expected number to be <=2147483647' }]);
  });
});
