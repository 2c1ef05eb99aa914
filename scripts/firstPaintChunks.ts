import { resolve } from 'node:path';

/** The modules a first paint renders, by route (paths from the project's root). */
export const firstPaintModules = {
  /** The entry: the landing page, the router and the route table. */
  entry: ['src/app/main.tsx'],
  /** What every signed-in route waits for: the current user's check, the layout and the page error boundary. */
  signedIn: ['src/app/features/session/currentUser.ts', 'src/app/layout/SignedInLayout.tsx', 'src/app/layout/PageError.tsx'],
  /** The home page and its widgets (student): each a lazy chunk, but all rendered on first paint. */
  home: [
    'src/app/features/home/HomePage.tsx',
    'src/app/features/timetable/TodayWidget.tsx',
    'src/app/features/attendance/AttendanceWidget.tsx',
    'src/app/features/home/StudiesWidget.tsx',
    'src/app/features/resources/PopularWidget.tsx',
    'src/app/features/favourites/FavouritesWidget.tsx',
  ],
  timetable: ['src/app/features/timetable/TimetablePage.tsx'],
} as const;

type FirstPaintModules = { readonly [Part in keyof typeof firstPaintModules]: readonly string[] };

/** What a chunking decision may ask of the module graph (rolldown's ChunkingContext). */
export interface ModuleGraph {
  getModuleInfo(id: string): { readonly importedIds: readonly string[] } | null;
}

/**
 * Fewer, bigger requests on a signed-in first visit (issue 35 §3). Left to itself, the bundler
 * cuts a first paint's modules wherever two lazy chunks share some: /home fetched 74 files, a
 * waterfall of round trips on a slow link. Here the modules a first paint needs beyond what the
 * entry already carries go into three chunks:
 * - `signed-in`: what every signed-in page waits for (the current user's check, the layout, the
 *   page error boundary), and whatever both pages below need;
 * - `home`: the home page and the widgets it renders at once;
 * - `timetable`: the timetable page.
 * Everything else is split as before; scripts/bundle-budget.mjs holds each route to its files.
 */
export function firstPaintChunkGroups(root: string) {
  let plan: Map<string, string> | undefined;
  return [
    {
      // Only the planned modules: a dependency the entry has stays with the entry, so the
      // landing page never loads a signed-in chunk.
      includeDependenciesRecursively: false,
      name: (id: string, graph: ModuleGraph): string | null => {
        plan ??= planFirstPaintChunks(graph, root);
        return plan.get(id) ?? null;
      },
    },
  ];
}

function staticClosure(graph: ModuleGraph, starts: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const queue = [...starts];
  for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
    if (seen.has(id)) continue;
    const info = graph.getModuleInfo(id);
    if (!info) continue;
    seen.add(id);
    queue.push(...info.importedIds);
  }
  return seen;
}

/**
 * Module id → chunk name, for the modules statically reachable from a first paint's modules and
 * not from the entry. A static closure is whole (a module's static imports are in it), so no
 * chunk made here needs a chunk of a later part or one that imports it back.
 */
export function planFirstPaintChunks(graph: ModuleGraph, root: string, modules: FirstPaintModules = firstPaintModules): Map<string, string> {
  const closureOf = (paths: readonly string[]) => staticClosure(graph, paths.map((path) => resolve(root, path)));
  const entry = closureOf(modules.entry);
  const beyond = (ids: Set<string>, ...others: Set<string>[]) => new Set([...ids].filter((id) => !entry.has(id) && !others.some((other) => other.has(id))));
  const shell = beyond(closureOf(modules.signedIn));
  const home = beyond(closureOf(modules.home), shell);
  const timetable = beyond(closureOf(modules.timetable), shell);
  const plan = new Map<string, string>();
  for (const id of shell) plan.set(id, 'signed-in');
  for (const id of home) plan.set(id, timetable.has(id) ? 'signed-in' : 'home');
  for (const id of timetable) if (!plan.has(id)) plan.set(id, 'timetable');
  return plan;
}
