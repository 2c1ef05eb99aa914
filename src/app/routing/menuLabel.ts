import type { CurrentRoute } from './handle';
import type { MenuEntry } from './menu';

/** Pages whose menu entry takes the page's own title while they are shown (SPEC §2). */
const pagesLabellingTheirEntry: ReadonlySet<string> = new Set(['timetableMap']);

/**
 * SPEC §2: on the map page the menu label becomes the room id, as the page title does. The entry
 * of the page's section then reads the page's title; every other entry is unchanged.
 */
export function withCurrentPageLabel(entries: readonly MenuEntry[], current: CurrentRoute | undefined): readonly MenuEntry[] {
  if (!current || !pagesLabellingTheirEntry.has(current.routeName) || current.sectionKey === undefined) return entries;
  return entries.map((entry) => (entry.key === current.sectionKey ? { ...entry, label: current.title } : entry));
}
