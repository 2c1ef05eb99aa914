import { describe, expect, it } from 'vitest';
import { clickTarget, notificationFor, parsePushMessage } from '../../sw/pushMessage';

const origin = 'https://campus.example.ac.uk';

describe('parsePushMessage', () => {
  it('reads the server’s Web Push payload', () => {
    const text = JSON.stringify({ rowId: 42, title: 'Cancelled: CS2041 Lecture', body: 'Databases lecture is cancelled.', url: '/timetable', type: 'Timetable' });
    expect(parsePushMessage(text)).toEqual({ rowId: 42, title: 'Cancelled: CS2041 Lecture', body: 'Databases lecture is cancelled.', url: '/timetable', type: 'Timetable' });
  });

  it('reads Firebase Cloud Messaging’s data shape, whose values are strings', () => {
    const text = JSON.stringify({
      data: { rowId: '7', title: 'Library', body: 'Open late', url: '', type: 'General' },
      from: '1234567890',
      fcmMessageId: 'abc',
    });
    expect(parsePushMessage(text)).toEqual({ rowId: 7, title: 'Library', body: 'Open late', url: null, type: 'General' });
  });

  it('takes the title and body of an FCM notification block when data has none', () => {
    expect(parsePushMessage(JSON.stringify({ notification: { title: 'Hello', body: 'World' } }))).toMatchObject({ title: 'Hello', body: 'World', rowId: null });
  });

  it('gives null for anything that is not one of ours', () => {
    for (const text of [null, '', 'plain text', '[]', '42', '{"body":"no title"}', '{"title":"   "}', '{"data":{"rowId":"1"}}']) {
      expect(parsePushMessage(text), String(text)).toBeNull();
    }
  });

  it('ignores a row id that is not a positive whole number', () => {
    for (const rowId of ['x', -1, 1.5, '0', null]) {
      expect(parsePushMessage(JSON.stringify({ rowId, title: 't' }))?.rowId).toBeNull();
    }
  });
});

describe('notificationFor', () => {
  it('tags each row’s notification and keeps the url and row id for the click', () => {
    const { title, options } = notificationFor({ rowId: 9, title: 'T', body: 'B', url: '/timetable', type: 'Timetable' });
    expect(title).toBe('T');
    expect(options).toMatchObject({ body: 'B', tag: 'notification-9', renotify: false, data: { url: '/timetable', rowId: 9 } });
    expect(options.icon).toMatch(/^\//);
  });

  it('still shows something for a push it cannot read', () => {
    const { title, options } = notificationFor(null);
    expect(title).toBe('Campus Companion');
    expect(options.body).toBeTruthy();
    expect(options.tag).toBeUndefined();
  });
});

describe('clickTarget', () => {
  it('opens an app path or a same-origin URL', () => {
    expect(clickTarget({ url: '/timetable' }, origin)).toBe(`${origin}/timetable`);
    expect(clickTarget({ url: `${origin}/resources?x=1` }, origin)).toBe(`${origin}/resources?x=1`);
  });

  it('keeps what names the target: a class’s week and card, an absence request', () => {
    // The links the server gives class changes and absence decisions (issue 34 §5).
    expect(clickTarget({ url: '/timetable?week=2026-10-16#class-399' }, origin)).toBe(`${origin}/timetable?week=2026-10-16#class-399`);
    expect(clickTarget({ url: '/attendance/current?absence=12' }, origin)).toBe(`${origin}/attendance/current?absence=12`);
  });

  it('opens the notification centre for no url, another origin, a script URL or an API address', () => {
    const elsewhere = [null, '', 'https://evil.example/phish', '//evil.example/x', '/\\evil.example/x', 'javascript:alert(1)', 'data:text/html,x'];
    const api = ['/api/user/signout', `${origin}/api/user/signout?entra=true`, '/timetable/../api/user/signout'];
    for (const url of [...elsewhere, ...api]) {
      expect(clickTarget({ url }, origin), String(url)).toBe(`${origin}/user/notifications`);
    }
    expect(clickTarget(undefined, origin)).toBe(`${origin}/user/notifications`);
  });
});
