import { describe, expect, it } from 'vitest';
import type { CurrentRoute } from '../../../src/app/routing/handle';
import { allMenuEntries } from '../../../src/app/routing/menu';
import { withCurrentPageLabel } from '../../../src/app/routing/menuLabel';
import { pageTitle, pages, sectionOf, type PageMeta } from '../../../src/app/routing/routeMeta';
import type { RouteName } from '../../../src/app/routing/paths';

function route(routeName: RouteName, params: Record<string, string> = {}): CurrentRoute {
  return { routeName, title: pageTitle(routeName, params), sectionKey: (pages[routeName] as PageMeta).section, section: sectionOf(routeName) };
}

const labels = (current: CurrentRoute | undefined) => withCurrentPageLabel(allMenuEntries(), current).map((entry) => entry.label);

describe('withCurrentPageLabel', () => {
  it('labels the timetable entry with the room id on the map page (SPEC §2)', () => {
    const entries = withCurrentPageLabel(allMenuEntries(), route('timetableMap', { roomId: 'SCI-LT1' }));
    expect(entries.find((entry) => entry.key === 'timetable')?.label).toBe('SCI-LT1');
    expect(labels(route('timetableMap', { roomId: 'SCI-LT1' })).filter((label) => label === 'SCI-LT1')).toHaveLength(1);
  });

  it('leaves every label alone elsewhere', () => {
    const plain = labels(undefined);
    expect(labels(route('timetableHome'))).toEqual(plain);
    expect(labels(route('home'))).toEqual(plain);
    expect(plain).toContain('Timetable');
  });
});
