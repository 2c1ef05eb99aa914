import type { ImportProblem } from '../../../../shared/contract/adminImports.js';

/**
 * Every problem code the bundle reader reports, with what it means. The codes are stable: the
 * problems CSV and the admin page key their help text on them.
 */
export const importProblemCodes = {
  not_a_zip: 'The upload is not a zip file, or its directory is damaged beyond reading.',
  unsafe_entry_name: 'An entry name is absolute, has a drive letter or a backslash, climbs out with "..", or appears twice.',
  too_many_entries: 'The zip holds more entries than a bundle may.',
  zip_bomb: 'An entry unpacks to more than the size limit, or is compressed far more than real data is.',
  encrypted_entry: 'An entry is password-protected; bundles must not be encrypted.',
  unsupported_compression: 'An entry uses a compression method other than stored or deflate.',
  corrupt_entry: 'An entry\'s compressed data could not be unpacked.',
  missing_manifest: 'There is no manifest.csv at the root of the zip or inside its one top-level folder.',
  unsupported_version: 'The manifest names a format version other than manifest 1.0 and OneRoster 1.2.',
  missing_file: 'The manifest lists a file as bulk or delta, but the zip does not hold it.',
  empty_file: 'A file has no header row at all.',
  not_utf8: 'A file holds bytes that are not UTF-8 text (often a file saved as Latin-1 or Windows-1252).',
  malformed_csv: 'A file breaks CSV quoting (or a record runs on too long), so the rest of the file was not read.',
  missing_column: 'A required column is not in the file\'s header row, so none of its rows were read.',
  duplicate_column: 'A column the import reads appears twice in the header row, so none of the file\'s rows were read.',
  wrong_field_count: 'A row has a different number of fields from the header row.',
  missing_value: 'A required value is blank, or the manifest lacks a required line.',
  malformed_value: 'A value is not of the expected form (a date, a time with an offset, true or false, a listed choice, …) or is too long.',
  end_before_start: 'An end date or time is not after its start.',
} as const;

export type ImportProblemCode = keyof typeof importProblemCodes;

/** Where a problem sits, as its message starts: `users.csv`, or `users.csv:12`. */
export function placeOf(file: string, line: number | null): string {
  return line === null ? file : `${file}:${line}`;
}

export function problem(
  code: ImportProblemCode,
  at: { file: string; line?: number | null; column?: string | null },
  message: string,
): ImportProblem {
  return { file: at.file, line: at.line ?? null, column: at.column ?? null, code, message };
}

/** Quotes a value for a message, cut short when long, with control characters made visible. */
export function shown(value: unknown): string {
  const text = typeof value === 'string' ? value : String(value);
  return JSON.stringify(text.length > 80 ? `${text.slice(0, 77)}...` : text);
}

/** Keeps the first `max` errors and the first `max` warnings, and counts the rest. */
export class ProblemLog {
  readonly errors: ImportProblem[] = [];
  readonly warnings: ImportProblem[] = [];
  moreErrors = 0;
  moreWarnings = 0;

  constructor(private readonly max: number) {}

  error(found: ImportProblem): void {
    if (this.errors.length < this.max) this.errors.push(found);
    else this.moreErrors += 1;
  }

  warning(found: ImportProblem): void {
    if (this.warnings.length < this.max) this.warnings.push(found);
    else this.moreWarnings += 1;
  }
}

/**
 * A problem that stops reading: `file` ends the file it was found in (the reader goes on to the
 * next file), `bundle` ends the whole bundle (an unsafe zip: no more data is read).
 */
export class ProblemStop extends Error {
  constructor(readonly problem: ImportProblem, readonly scope: 'file' | 'bundle') {
    super(problem.message);
    this.name = 'ProblemStop';
  }
}
