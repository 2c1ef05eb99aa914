import { problem, type ProblemLog } from './problems.js';

/**
 * Matches a header row by name: each name is trimmed and compared exactly (OneRoster's names are
 * case-sensitive), so column order does not matter and unknown columns are simply not looked up.
 * Returns where each of `wanted` sits (a column left out of the file is absent from the map), or
 * null, with problems logged, when a `required` column is missing or a wanted one appears twice.
 */
export function headerIndex(
  header: readonly string[],
  wanted: readonly string[],
  required: readonly string[],
  file: string,
  log: ProblemLog,
): Map<string, number> | null {
  const positions = new Map<string, number[]>();
  header.forEach((raw, at) => {
    const name = raw.trim();
    const list = positions.get(name);
    if (list === undefined) positions.set(name, [at]);
    else list.push(at);
  });
  const index = new Map<string, number>();
  let usable = true;
  for (const name of wanted) {
    const found = positions.get(name) ?? [];
    const [first] = found;
    if (found.length > 1) {
      usable = false;
      log.error(problem('duplicate_column', { file, column: name },
        `${file}: the column "${name}" appears ${found.length} times in the header; none of the file's rows were read`));
    } else if (first !== undefined) {
      index.set(name, first);
    } else if (required.includes(name)) {
      usable = false;
      log.error(problem('missing_column', { file, column: name }, `${file}: no column "${name}"; none of the file's rows were read`));
    }
  }
  return usable ? index : null;
}
