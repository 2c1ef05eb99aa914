import { describe, expect, it } from 'vitest';
import { notificationTarget } from '../../../../src/app/features/notifications/notificationTarget';

const origin = 'https://campus.example.ac.uk';

describe('notificationTarget', () => {
  it('opens a path of the app inside the app', () => {
    expect(notificationTarget('/timetable', origin)).toEqual({ kind: 'internal', path: '/timetable' });
    expect(notificationTarget('https://campus.example.ac.uk/attendance/current?x=1#top', origin)).toEqual({
      kind: 'internal',
      path: '/attendance/current?x=1#top',
    });
  });

  it('opens an http(s) page elsewhere as an external link', () => {
    expect(notificationTarget('https://news.example.ac.uk/exams', origin)).toEqual({ kind: 'external', href: 'https://news.example.ac.uk/exams' });
    expect(notificationTarget('//evil.example.com/x', origin)).toEqual({ kind: 'external', href: 'https://evil.example.com/x' });
  });

  it('offers nothing for no url, or one that is not a web page', () => {
    expect(notificationTarget(null, origin)).toBeUndefined();
    expect(notificationTarget('   ', origin)).toBeUndefined();
    expect(notificationTarget('javascript:alert(1)', origin)).toBeUndefined();
    expect(notificationTarget('data:text/html,<b>x</b>', origin)).toBeUndefined();
    expect(notificationTarget('http://[bad', origin)).toBeUndefined();
  });

  it('never links to one of our own API addresses', () => {
    expect(notificationTarget('/api/user/signout', origin)).toBeUndefined();
    expect(notificationTarget('https://campus.example.ac.uk/api/timetable/ical', origin)).toBeUndefined();
    expect(notificationTarget('/timetable/../api/user/signout', origin)).toBeUndefined();
  });
});
