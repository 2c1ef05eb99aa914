import { importEntityNames } from '../../../../shared/contract/adminImports.js';
import type { CsvRecord } from './csvRows.js';
import { headerIndex } from './header.js';
import { placeOf, problem, shown, type ProblemLog } from './problems.js';
import { entitySpecs } from './rowSchemas.js';
import type { FileMode, Manifest } from './rows.js';
import { recordOf } from '../../../../shared/records.js';

/**
 * manifest.csv: `propertyName,value` lines saying which format versions the bundle is written in,
 * whether each file is bulk, delta or absent, and which system sent it. Property names are
 * matched exactly; values are trimmed, and the file modes are read in any case (`Bulk` is bulk).
 * Unknown properties, such as `file.demographics`, are ignored.
 */

export const manifestFileName = 'manifest.csv';

export interface ManifestReading {
  readonly manifest: Manifest;
  /** False when a version is missing or not the one this reader knows: no data file is read. */
  readonly versionsOk: boolean;
}

const versions = { 'manifest.version': '1.0', 'oneroster.version': '1.2' } as const;
const sourceKeys = { sourceSystemName: 'source.systemName', sourceSystemCode: 'source.systemCode' } as const;
const fileModes: readonly FileMode[] = ['bulk', 'delta', 'absent'];
const sourceTextMax = 255;

interface Property {
  readonly value: string;
  readonly line: number;
}

const knownKeys = new Set<string>([
  ...Object.keys(versions),
  ...Object.values(sourceKeys),
  ...importEntityNames.map((entity) => entitySpecs[entity].manifestKey),
]);

/** Reads manifest.csv's records. Null, with problems logged, when its header is unusable or it is empty. */
export async function readManifest(records: AsyncIterable<CsvRecord>, log: ProblemLog): Promise<ManifestReading | null> {
  const file = manifestFileName;
  let columns: { readonly width: number; readonly name: number; readonly value: number } | null = null;
  const properties = new Map<string, Property>();
  for await (const record of records) {
    if (columns === null) {
      const index = headerIndex(record.fields, ['propertyName', 'value'], ['propertyName', 'value'], file, log);
      const name = index?.get('propertyName');
      const value = index?.get('value');
      if (name === undefined || value === undefined) return null;
      columns = { width: record.fields.length, name, value };
      continue;
    }
    if (record.fields.length !== columns.width) {
      log.error(problem('wrong_field_count', { file, line: record.line },
        `${placeOf(file, record.line)} has ${record.fields.length} fields but the header has ${columns.width}`));
      continue;
    }
    const key = (record.fields[columns.name] ?? '').trim();
    if (!knownKeys.has(key)) continue;
    const earlier = properties.get(key);
    if (earlier !== undefined) {
      log.error(problem('malformed_value', { file, line: record.line, column: 'propertyName' },
        `${placeOf(file, record.line)} propertyName: ${key} is given again (first on line ${earlier.line})`));
      continue;
    }
    properties.set(key, { value: (record.fields[columns.value] ?? '').trim(), line: record.line });
  }
  if (columns === null) {
    log.error(problem('empty_file', { file }, `${file} is empty: it has no header row (propertyName,value)`));
    return null;
  }

  let versionsOk = true;
  for (const [key, wanted] of Object.entries(versions)) {
    const found = properties.get(key);
    if (found === undefined) {
      log.error(problem('unsupported_version', { file }, `${file}: there is no ${key} line; this import reads ${key} ${wanted}`));
      versionsOk = false;
    } else if (found.value !== wanted) {
      log.error(problem('unsupported_version', { file, line: found.line, column: 'value' },
        `${placeOf(file, found.line)} value: ${key} is ${shown(found.value)}; this import reads ${key} ${wanted}`));
      versionsOk = false;
    }
  }

  const modes = recordOf(importEntityNames, (): FileMode => 'absent');
  const fileNames = recordOf(importEntityNames, (entity) => entitySpecs[entity].fileName);
  for (const entity of importEntityNames) {
    const spec = entitySpecs[entity];
    const found = properties.get(spec.manifestKey);
    if (found === undefined) {
      if (!spec.manifestLineOptional) {
        log.error(problem('missing_value', { file },
          `${file}: there is no ${spec.manifestKey} line; it must say whether ${spec.fileName} is bulk, delta or absent`));
      }
      continue;
    }
    const mode = fileModes.find((each) => each === found.value.toLowerCase());
    if (mode === undefined) {
      log.error(problem('malformed_value', { file, line: found.line, column: 'value' },
        `${placeOf(file, found.line)} value: ${spec.manifestKey} is ${shown(found.value)}; it must be bulk, delta or absent`));
      continue;
    }
    modes[entity] = mode;
  }

  const source = (field: keyof typeof sourceKeys): string | null => {
    const found = properties.get(sourceKeys[field]);
    if (found === undefined || found.value === '') return null;
    if (found.value.length > sourceTextMax || found.value.includes('\u0000')) {
      log.error(problem('malformed_value', { file, line: found.line, column: 'value' },
        `${placeOf(file, found.line)} value: ${sourceKeys[field]} must be text of at most ${sourceTextMax} characters`));
      return null;
    }
    return found.value;
  };

  return {
    manifest: { modes, fileNames, sourceSystemName: source('sourceSystemName'), sourceSystemCode: source('sourceSystemCode') },
    versionsOk,
  };
}
