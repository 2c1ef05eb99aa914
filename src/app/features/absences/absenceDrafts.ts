import type { AbsenceRequest } from '../../../shared/contract/absences';
import { activeUserDatabase } from '../../db/userDatabase';
import type { AbsenceFormValues } from './absenceForm';

/**
 * An absence request that could not be sent (offline, server unreachable), kept in the user's own
 * database with its files, so nothing the student typed or attached is lost. Deleted once a submit
 * succeeds, or when the student discards it.
 */
export interface AbsenceFormDraft {
  readonly values: AbsenceFormValues;
  readonly pendingFiles: readonly File[];
  readonly filesToDelete: readonly number[];
  /** When editing: the request's lastModified the draft was written against. */
  readonly basedOn: string | null;
  readonly savedAt: number;
  /** The Idempotency-Key of the submit that could not be confirmed, reused when the draft is sent. */
  readonly submitKey?: string;
}

/** A File as stored: some IndexedDB implementations keep only the Blob, so name and date go beside it. */
interface StoredFile {
  readonly name: string;
  readonly type: string;
  readonly lastModified: number;
  readonly blob: Blob;
}

interface StoredDraft {
  readonly values: AbsenceFormValues;
  readonly files: readonly StoredFile[];
  readonly filesToDelete: readonly number[];
  readonly basedOn: string | null;
  readonly submitKey?: string;
}

/** The prefix every absence draft key starts with. */
export const absenceDraftPrefix = 'absence:';

/** One draft for a new request, and one per existing request being edited. */
export function draftKeyOf(request: Pick<AbsenceRequest, 'rowId'> | undefined): string {
  return `${absenceDraftPrefix}${request ? request.rowId : 'new'}`;
}

const toStored = (file: File): StoredFile => ({ name: file.name, type: file.type, lastModified: file.lastModified, blob: file });
const toFile = (stored: StoredFile): File =>
  new File([stored.blob], stored.name, { type: stored.type, lastModified: stored.lastModified });

function databaseOrThrow() {
  const db = activeUserDatabase();
  if (!db) throw new Error('Nobody is signed in on this device.');
  return db;
}

export async function saveAbsenceDraft(key: string, draft: Omit<AbsenceFormDraft, 'savedAt'>): Promise<number> {
  const savedAt = Date.now();
  const value: StoredDraft = {
    values: draft.values,
    files: draft.pendingFiles.map(toStored),
    filesToDelete: [...draft.filesToDelete],
    basedOn: draft.basedOn,
    ...(draft.submitKey ? { submitKey: draft.submitKey } : {}),
  };
  await databaseOrThrow().drafts.put({ key, value, savedAt });
  return savedAt;
}

/**
 * The saved draft, or undefined. A draft of an edit written against an older version of the
 * request (staff changed it since) is stale: it is dropped rather than restored over newer data.
 */
export async function loadAbsenceDraft(key: string, basedOn: string | null): Promise<AbsenceFormDraft | undefined> {
  const db = activeUserDatabase();
  const row = await db?.drafts.get(key);
  if (!db || !row) return undefined;
  const stored = row.value as StoredDraft;
  if (stored.basedOn !== basedOn) {
    await db.drafts.delete(key);
    return undefined;
  }
  return {
    values: stored.values,
    pendingFiles: stored.files.map(toFile),
    filesToDelete: stored.filesToDelete,
    basedOn: stored.basedOn,
    savedAt: row.savedAt,
    ...(stored.submitKey ? { submitKey: stored.submitKey } : {}),
  };
}

export async function deleteAbsenceDraft(key: string): Promise<void> {
  await activeUserDatabase()?.drafts.delete(key);
}

