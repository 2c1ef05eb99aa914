import { describe, expect, it } from 'vitest';
import { planFirstPaintChunks, type ModuleGraph } from '../../scripts/firstPaintChunks';

/** A module graph from static imports: module → what it imports. */
function graphOf(imports: Record<string, readonly string[]>): ModuleGraph {
  return { getModuleInfo: (id) => (id in imports ? { importedIds: (imports[id] ?? []).map((name) => `/app/${name}`) } : null) };
}

const modules = { entry: ['main'], signedIn: ['layout'], home: ['home'], timetable: ['timetable'] };

describe('the first-paint chunks (issue 35 §3)', () => {
  const plan = planFirstPaintChunks(
    graphOf({
      '/app/main': ['react', 'router'],
      '/app/react': [],
      '/app/router': ['react'],
      '/app/layout': ['react', 'db', 'menu'],
      '/app/db': ['dexie'],
      '/app/dexie': [],
      '/app/menu': [],
      '/app/home': ['react', 'db', 'widget', 'sharedWithTimetable'],
      '/app/widget': ['chart'],
      '/app/chart': [],
      '/app/sharedWithTimetable': [],
      '/app/timetable': ['sharedWithTimetable', 'grid', 'menu'],
      '/app/grid': [],
    }),
    '/app',
    modules,
  );
  const chunkOf = (name: string) => plan.get(`/app/${name}`);

  it('leaves what the entry imports to the entry, so the landing page loads nothing signed-in', () => {
    expect([chunkOf('main'), chunkOf('react'), chunkOf('router')]).toEqual([undefined, undefined, undefined]);
  });

  it('puts what every signed-in page waits for, with all it imports, in one chunk', () => {
    expect([chunkOf('layout'), chunkOf('db'), chunkOf('dexie'), chunkOf('menu')]).toEqual(['signed-in', 'signed-in', 'signed-in', 'signed-in']);
  });

  it('gives each page the rest of its first paint, and what both pages need to the signed-in chunk', () => {
    expect([chunkOf('home'), chunkOf('widget'), chunkOf('chart')]).toEqual(['home', 'home', 'home']);
    expect([chunkOf('timetable'), chunkOf('grid')]).toEqual(['timetable', 'timetable']);
    expect(chunkOf('sharedWithTimetable')).toBe('signed-in');
  });
});
