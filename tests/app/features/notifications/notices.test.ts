import { describe, expect, it } from 'vitest';
import {
  badgeText,
  markedAsReadText,
  markAsReadRefusalText,
  notSavedText,
  unreadSuffix,
  unreadSummary,
} from '../../../../src/app/features/notifications/notices';
import { queuedNotice } from '../../../../src/app/sync/writeDelivery';

describe('SPEC §8 mark-as-read texts', () => {
  it('a refusal with the server\'s message', () => {
    expect(markAsReadRefusalText({ status: 400, statusText: 'Bad Request', message: 'The request is not valid' })).toBe(
      'An error occurred whilst trying to mark a notification as read. The request is not valid.',
    );
  });

  it('does not double the full stop of a message that has one', () => {
    expect(markAsReadRefusalText({ status: 400, statusText: 'Bad Request', message: 'The request is not valid.' })).toBe(
      'An error occurred whilst trying to mark a notification as read. The request is not valid.',
    );
  });

  it('a plain failure (no SPEC error body) is Code {status}: {statusText}', () => {
    expect(markAsReadRefusalText({ status: 404, statusText: 'Not Found', message: 'Code 404: Not Found' })).toBe('Code 404: Not Found');
    expect(markAsReadRefusalText({ status: 409, statusText: 'Conflict', message: '  ' })).toBe('Code 409: Conflict');
  });

  it('a mark kept on this device is told in the favourites\' words, not as a network error (issue 34 §3)', () => {
    expect(queuedNotice(markedAsReadText)).toBe('Marked as read. Saved on this device: it will sync when the connection is back.');
  });

  it('a mark this device could not store uses the same sentence', () => {
    expect(notSavedText).toBe('An error occurred whilst trying to mark a notification as read. It could not be saved on this device.');
  });
});

describe('the unread badge', () => {
  it('is hidden at 0, shows the count, and caps at 99+', () => {
    expect(badgeText(0)).toBe('');
    expect(badgeText(3)).toBe('3');
    expect(badgeText(99)).toBe('99');
    expect(badgeText(100)).toBe('99+');
  });

  it('names the exact count for screen readers', () => {
    expect(`Notifications${unreadSuffix(3)}`).toBe('Notifications, 3 unread');
    expect(`Notifications${unreadSuffix(250)}`).toBe('Notifications, 250 unread');
    expect(`Notifications${unreadSuffix(0)}`).toBe('Notifications');
  });
});

describe('unreadSummary', () => {
  it('says how many are unread, or that all are read', () => {
    expect(unreadSummary(1, 4)).toBe('1 unread notification');
    expect(unreadSummary(3, 4)).toBe('3 unread notifications');
    expect(unreadSummary(0, 4)).toBe('You are all caught up.');
    expect(unreadSummary(0, 0)).toBe('');
  });
});
