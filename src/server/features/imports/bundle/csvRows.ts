import type { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { CsvError, parse, type Options } from 'csv-parse';
import { placeOf, problem, ProblemStop } from './problems.js';
import { errorCode } from '../../../../shared/guards.js';

/** One CSV record as read: its fields in file order and the physical line it starts on. */
export interface CsvRecord {
  /** The file's line where the record begins (the header is line 1, or later after blank lines). */
  readonly line: number;
  readonly fields: readonly string[];
}

/** Longest record, in bytes, before the parser gives up: far beyond any real row, and it bounds memory when a quote is never closed. */
export const maxRecordBytes = 1024 * 1024;

/**
 * csv-parse as the format wants it: RFC 4180 quoting, comma-separated, BOM skipped, blank lines
 * skipped, and no casting (every field a string). Records come as arrays, not objects: the
 * header is matched by name in readBundle, which can then tell a missing column from a
 * duplicated one. `relax_column_count` is on only so that a short or long row does not end the
 * file: each such row is still an error (`wrong_field_count`, checked by the caller against the
 * header's width), and the rows after it are still checked.
 */
const parserOptions = {
  bom: true,
  delimiter: ',',
  quote: '"',
  escape: '"',
  record_delimiter: '\n',
  relax_column_count: true,
  relax_quotes: false,
  skip_empty_lines: true,
  max_record_size: maxRecordBytes,
} as const;

/** Line breaks inside a record's (quoted) fields: csv-parse counts each CR or LF as one line. */
function breaksWithin(fields: readonly string[]): number {
  let breaks = 0;
  for (const field of fields) {
    if (!field.includes('\n') && !field.includes('\r')) continue;
    for (const char of field) if (char === '\n' || char === '\r') breaks += 1;
  }
  return breaks;
}

function csvProblem(err: CsvError, file: string, lastLine: number): ProblemStop {
  const errLine = err['lines'];
  const line = err.code === 'CSV_QUOTE_NOT_CLOSED' || err.code === 'CSV_MAX_RECORD_SIZE' || typeof errLine !== 'number' ? lastLine + 1 : errLine;
  const place = placeOf(file, line);
  const texts: Partial<Record<string, string>> = {
    CSV_QUOTE_NOT_CLOSED: `${place}: a quoted value that starts here is never closed (a closing " is missing); the rest of the file was not read`,
    CSV_MAX_RECORD_SIZE: `${place}: the row that starts here runs on for over ${maxRecordBytes} bytes, most likely because a closing " is missing; the rest of the file was not read`,
    CSV_INVALID_CLOSING_QUOTE: `${place}: a quoted value is followed by other characters before the next comma (a " inside a quoted value must be doubled as ""); the rest of the file was not read`,
    CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE: `${place}: a quoted value is followed by other characters before the next comma; the rest of the file was not read`,
  };
  const text = texts[err.code] ?? `${place}: the file is not valid CSV here (${err.message}); the rest of the file was not read`;
  return new ProblemStop(problem('malformed_csv', { file, line }, text), 'file');
}

function classify(err: unknown, file: string, lastLine: number): unknown {
  if (err instanceof ProblemStop) return err;
  if (err instanceof CsvError) return csvProblem(err, file, lastLine);
  const message = err instanceof Error ? err.message : String(err);
  if (message.startsWith('too many bytes in the stream')) {
    return new ProblemStop(problem('zip_bomb', { file },
      `${file} unpacks to more than its header declared; the zip was refused`), 'bundle');
  }
  const code = errorCode(err);
  if (err instanceof Error && code !== undefined && !code.startsWith('Z_')) {
    return err;
  }
  return new ProblemStop(problem('corrupt_entry', { file }, `${file} could not be unpacked (${message}); the rest of the file was not read`), 'file');
}

/**
 * Streams the records of one zip entry through `stages` (the byte guards) and csv-parse. Async
 * iteration is the backpressure: while the consumer awaits between records (a sink writing a
 * batch), nothing pulls from the parser, its buffers fill, and the zip stream pauses.
 *
 * A problem that ends the file, or the bundle, is thrown as a ProblemStop. Rows parsed just before
 * such a problem may still sit in the stream's buffers and are then dropped with it.
 */
export async function* csvRecords(source: Readable, stages: readonly Transform[], file: string): AsyncGenerator<CsvRecord, void, undefined> {
  // The last line of the last whole record parsed (the parser runs ahead of the consumer).
  let lastLine = 0;
  const options: Options<CsvRecord, string[]> = {
    ...parserOptions,
    // `context.lines` is the record's last line; its first is that less the breaks inside it.
    on_record: (fields, context) => {
      lastLine = context.lines;
      return { line: context.lines - breaksWithin(fields), fields };
    },
  };
  // csv-parse's overloads type a columns-less parser's records as string[]; on_record maps them.
  const parser = parse(options as unknown as Options);
  const flowing = pipeline([source, ...stages, parser]);
  flowing.catch(() => undefined);
  try {
    for await (const record of parser as AsyncIterable<CsvRecord>) yield record;
    await flowing;
  } catch (err) {
    // The pipeline's own failure names the stage that broke; the parser's may be a mere echo.
    const cause = await flowing.then(() => err, (failure: unknown) => failure);
    throw classify(cause, file, lastLine);
  } finally {
    parser.destroy();
    source.destroy();
  }
}
