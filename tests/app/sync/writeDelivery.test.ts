import { describe, expect, it } from 'vitest';
import { noticeFor, queuedNotice } from '../../../src/app/sync/writeDelivery';

describe('the notice of a write (issue 20)', () => {
  it("keeps the feature's own text once the server has the write", () => {
    expect(noticeFor('sent', 'Added to favourites')).toBe('Added to favourites');
  });

  it('says a queued write is saved on this device and will sync', () => {
    expect(noticeFor('queued', 'Added to favourites')).toBe('Added to favourites. Saved on this device: it will sync when the connection is back.');
    expect(queuedNotice('Removed from favourites')).toContain('Saved on this device');
  });

  it('says nothing positive about a refused write (the refusal has its own notice)', () => {
    expect(noticeFor('refused', 'Added to favourites')).toBeUndefined();
  });
});
