import { describe, expect, it } from 'vitest';
import { deleteLinkQuestion } from '../../../../src/app/features/admin/links/LinksPage';

describe('the warning before deleting a link', () => {
  it('says how many users lose it as a favourite', () => {
    expect(deleteLinkQuestion({ displayName: 'Moodle', favouriteCount: 3 })).toBe('Delete the link “Moodle”? 3 users have it as a favourite and will lose it.');
    expect(deleteLinkQuestion({ displayName: 'Moodle', favouriteCount: 1 })).toBe('Delete the link “Moodle”? 1 user has it as a favourite and will lose it.');
    expect(deleteLinkQuestion({ displayName: 'Moodle', favouriteCount: 0 })).toBe('Delete the link “Moodle”? No one has it as a favourite.');
  });
});
