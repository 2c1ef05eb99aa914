import { parse } from 'csv-parse/sync';
import { generateDemoBundle } from '../../src/server/db/seed/bundle/index';
import { csv, manifest, writeZip } from '../../tests/helpers/importBundle';
import { E2E_CLOCK_START } from './clock';

/**
 * Delta bundles against the demo university. The demo is itself an import, so its classes have
 * sourcedIds to change: the demo bundle is regenerated for the moment the spec's database was
 * seeded (E2E_CLOCK_START), and the row to change is taken from it.
 */

/** The CS2052 lecture that `student` attends on Tuesday of the seed's week, at 10:00 in the Science Lecture Theatre. */
export const demoLecture = { group: 'CS2052-2026-LEC', day: '2026-10-06', roomName: 'Science Lecture Theatre' } as const;

/** A zip holding one `ext.events` delta: that lecture moved to `roomSourcedId`. */
export async function lectureMovedBundle(roomSourcedId: string, fileName = 'room-change.zip'): Promise<{ path: string; sourcedId: string }> {
  const bundle = generateDemoBundle(new Date(E2E_CLOCK_START));
  const rows = parse([...bundle['ext.events.csv']].join(''), { columns: true }) as Record<string, string>[];
  const row = rows.find((r) => r.classSourcedId === demoLecture.group && r.start?.startsWith(demoLecture.day));
  if (!row?.sourcedId) throw new Error(`the demo bundle has no ${demoLecture.group} class on ${demoLecture.day}`);
  // A delta names each row's status and when it changed; the demo's bulk file has no such columns.
  const header = ['status', 'dateLastModified', ...Object.keys(row).filter((column) => column !== 'status' && column !== 'dateLastModified')];
  const moved: Record<string, string> = { ...row, status: 'active', dateLastModified: '2026-10-05T07:30:00Z', roomSourcedId };
  const path = await writeZip({
    'manifest.csv': manifest({
      academicSessions: 'absent', orgs: 'absent', courses: 'absent', classes: 'absent', users: 'absent', roles: 'absent', enrollments: 'absent',
      'ext.rooms': 'absent', 'ext.events': 'delta', 'ext.absenceCategories': 'absent',
    }),
    'ext.events.csv': csv([header, header.map((column) => moved[column] ?? '')]),
  }, fileName);
  return { path, sourcedId: row.sourcedId };
}

/** A zip holding one `users` delta: the demo people named (by sourcedId) given new names. */
export async function usersRenamedBundle(
  names: Readonly<Record<string, { readonly givenName: string; readonly familyName: string }>>,
  fileName = 'renames.zip',
): Promise<string> {
  const bundle = generateDemoBundle(new Date(E2E_CLOCK_START));
  const rows = parse([...bundle['users.csv']].join(''), { columns: true }) as Record<string, string>[];
  const renamed = Object.entries(names).map(([sourcedId, name]): Record<string, string> => {
    const row = rows.find((r) => r.sourcedId === sourcedId);
    if (!row) throw new Error(`the demo bundle has no user ${sourcedId}`);
    return { ...row, ...name, status: 'active', dateLastModified: '2026-10-05T07:30:00Z' };
  });
  const [first] = renamed;
  if (!first) throw new Error('no one to rename');
  const header = ['status', 'dateLastModified', ...Object.keys(first).filter((column) => column !== 'status' && column !== 'dateLastModified')];
  return writeZip({
    'manifest.csv': manifest({
      academicSessions: 'absent', orgs: 'absent', courses: 'absent', classes: 'absent', users: 'delta', roles: 'absent', enrollments: 'absent',
      'ext.rooms': 'absent', 'ext.events': 'absent', 'ext.absenceCategories': 'absent',
    }),
    'users.csv': csv([header, ...renamed.map((row) => header.map((column) => row[column] ?? ''))]),
  }, fileName);
}
