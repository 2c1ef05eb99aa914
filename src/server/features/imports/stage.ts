import { createHash } from 'node:crypto';
import type { ImportEntity } from '../../../shared/contract/adminImports.js';
import type { Db } from '../../db/database.js';
import type { LinedRow, RowSink } from './bundle/rows.js';

/**
 * Where the reader's rows go: `import_staged_rows`, one multi-row INSERT per batch the reader
 * hands on (at most a thousand rows), so memory stays bounded and the checks and the diff run as
 * set-based SQL afterwards.
 *
 * Each row keeps a digest of what it says (everything but its status): the record the import last
 * wrote keeps the same digest, so an unchanged row is recognised without comparing columns, and
 * the same bundle applied twice changes nothing.
 */
export function rowDigest(row: object): string {
  const content = Object.fromEntries(Object.entries(row).filter(([key]) => key !== 'status'));
  return createHash('sha256').update(JSON.stringify(content)).digest('base64url');
}

export function stagingSink(db: Db, batchId: number): RowSink {
  return async <E extends ImportEntity>(entity: E, rows: readonly LinedRow<E>[]) => {
    if (rows.length === 0) return;
    // Enrolments that grant nothing in the app (an aide, a guardian) are not staged.
    const kept = entity === 'enrollments'
      ? rows.filter(({ row }) => 'role' in row && (row.role === 'student' || row.role === 'teacher'))
      : rows;
    if (kept.length === 0) return;
    await db
      .insertInto('import_staged_rows')
      .values(kept.map(({ line, row }) => ({
        batch_id: batchId,
        entity,
        line,
        sourced_id: row.sourcedId,
        status: row.status,
        data: JSON.stringify(row),
        hash: rowDigest(row),
      })))
      .execute();
  };
}
