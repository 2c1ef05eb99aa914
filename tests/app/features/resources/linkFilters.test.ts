import { describe, expect, it } from 'vitest';
import type { ResourceCategory } from '../../../../src/shared/contract/resources';
import { countLinks, filterCategories, flatLinks, matchesSearch, searchResultText } from '../../../../src/app/features/resources/linkFilters';

const link = (rowId: number, displayName: string) => ({ rowId, displayName, url: `https://example.ac.uk/${rowId}`, description: null });

const categories: ResourceCategory[] = [
  { rowId: 1, categoryName: 'Study', colour: '#1B3A5C', categoryLinks: [{ link: link(2, 'Moodle'), order: 2 }, { link: link(1, 'Exam timetable'), order: 1 }] },
  { rowId: 2, categoryName: 'Library', colour: '#8FD3C7', categoryLinks: [{ link: link(3, 'library search'), order: 1 }, { link: link(2, 'Moodle'), order: 2 }] },
  { rowId: 3, categoryName: 'Empty', colour: '#000000', categoryLinks: [] },
];

describe('searching links by name', () => {
  it('ignores case, accents and surrounding spaces; an empty search matches all', () => {
    expect(matchesSearch('Moodle', ' mood ')).toBe(true);
    expect(matchesSearch('Café finder', 'cafe')).toBe(true);
    expect(matchesSearch('Moodle', 'library')).toBe(false);
    expect(matchesSearch('Moodle', '   ')).toBe(true);
  });
});

describe('the category view', () => {
  it('keeps each category’s links in their order and leaves out empty categories', () => {
    const shown = filterCategories(categories, '');
    expect(shown.map((c) => c.categoryName)).toEqual(['Study', 'Library']);
    expect(shown[0]?.categoryLinks.map((l) => l.link.displayName)).toEqual(['Exam timetable', 'Moodle']);
  });

  it('filters by name and drops categories with no match', () => {
    const shown = filterCategories(categories, 'LIB');
    expect(shown.map((c) => c.categoryName)).toEqual(['Library']);
    expect(shown[0]?.categoryLinks.map((l) => l.link.displayName)).toEqual(['library search']);
  });

  it('counts a link in two categories once', () => {
    expect(countLinks(filterCategories(categories, 'moodle'))).toBe(1);
    expect(countLinks(filterCategories(categories, ''))).toBe(3);
  });
});

describe('the flat (A to Z) view', () => {
  it('lists every link once, alphabetically whatever the case', () => {
    expect(flatLinks(categories, '').map((l) => l.displayName)).toEqual(['Exam timetable', 'library search', 'Moodle']);
  });

  it('filters by the same search', () => {
    expect(flatLinks(categories, 'e').map((l) => l.displayName)).toEqual(['Exam timetable', 'library search', 'Moodle']);
    expect(flatLinks(categories, 'moo').map((l) => l.displayName)).toEqual(['Moodle']);
    expect(flatLinks(categories, 'nothing')).toEqual([]);
  });
});

describe('the live region text', () => {
  it('says nothing without a search, else how many links match', () => {
    expect(searchResultText(5, '')).toBe('');
    expect(searchResultText(0, 'x')).toBe('No links found');
    expect(searchResultText(1, 'x')).toBe('1 link found');
    expect(searchResultText(3, 'x')).toBe('3 links found');
  });
});
