import { describe, expect, it } from 'vitest';
import { categoryLoss, groupLoss, linkLoss, ruleLoss } from '../../../../src/app/features/admin/form/deleteLoss';

describe('what deleting an admin record loses', () => {
  it('a link: how many users lose it as a favourite (en-GB numbers)', () => {
    expect(linkLoss({ favouriteCount: 2340 })).toEqual({ text: '2,340 users have it as a favourite and will lose it. Its open counts are deleted with it.' });
    expect(linkLoss({ favouriteCount: 1 }).text).toMatch(/^1 user has it as a favourite and will lose it\./);
    expect(linkLoss({ favouriteCount: 0 }).text).toMatch(/^No one has it as a favourite\./);
  });

  it('a category: only an empty one; one holding links says to move them first', () => {
    expect(categoryLoss({ linkCount: 0 })).toEqual({ text: 'It holds no links. Its name, colour and audience are lost.' });
    expect(categoryLoss({ linkCount: 3 })).toEqual({ text: 'It still holds 3 links. Move them to another category or delete them first.', isBlocked: true });
  });

  it('a rule: its audience members, or what still uses it', () => {
    expect(ruleLoss({ linkCount: 0, categoryCount: 0 }, 1200).text).toBe('Its audience of 1,200 users is lost: it can no longer be chosen for links, categories or notifications.');
    expect(ruleLoss({ linkCount: 1, categoryCount: 2 }, 5)).toMatchObject({ text: expect.stringMatching(/^It still targets 1 link and 2 categories;/), isBlocked: true });
  });

  it('a directory group: its members, or the rules that name it', () => {
    expect(groupLoss({ ruleCount: 0, memberCount: 12 }).text).toMatch(/^Its 12 members lose the roles and permissions it grants/);
    expect(groupLoss({ ruleCount: 0, memberCount: 1 }).text).toMatch(/^Its 1 member loses/);
    expect(groupLoss({ ruleCount: 0, memberCount: 0 }).text).toBe('It has no members. The roles and permissions it grants are lost.');
    expect(groupLoss({ ruleCount: 2, memberCount: 9 })).toEqual({ text: '2 rules name it. Take it out of them first.', isBlocked: true });
  });
});
