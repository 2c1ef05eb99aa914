import {
  importEntityNames, type ImportCounts, type ImportEntity, type ImportEntityCounts, type ImportState,
} from '../../../../shared/contract/adminImports';
import { formatDate, formatTime24 } from '../../../format/dateTime';
import { formatCount } from '../../../format/count';

/** The words the data import page uses for the contract's states, entities and counts. */

export const stateLabels: Record<ImportState, string> = {
  validating: 'Checking…',
  ready: 'Ready to apply',
  invalid: 'Has errors',
  applying: 'Applying…',
  applied: 'Applied',
  failed: 'Failed',
  reverting: 'Reverting…',
  reverted: 'Reverted',
};

/** Who sent a batch: an administrator, an integration client (issue 36), or the server itself (the demo). */
export function senderOf(batch: { readonly createdBy: string | null; readonly pushedBy: string | null }): string {
  if (batch.pushedBy) return `Client “${batch.pushedBy}”`;
  return batch.createdBy ?? 'System';
}

/** A state a background job is still working on: the page asks again until it moves on. */
export const isInProgress = (state: ImportState): boolean => state === 'validating' || state === 'applying' || state === 'reverting';

/** How the badge is coloured: still working, good, bad, or finished and neutral. */
export type StateTone = 'working' | 'positive' | 'negative' | 'neutral';
export const stateTones: Record<ImportState, StateTone> = {
  validating: 'working', ready: 'positive', invalid: 'negative', applying: 'working',
  applied: 'positive', failed: 'negative', reverting: 'working', reverted: 'neutral',
};

/** What the page says while a job works on the batch; no job reports how far it has got. */
export const progressTexts: Partial<Record<ImportState, string>> = {
  validating: 'Checking the bundle. Nothing is changed yet.',
  applying: 'Applying the import.',
  reverting: 'Reverting the import.',
};

export const entityLabels: Record<ImportEntity, string> = {
  academicSessions: 'Academic sessions',
  orgs: 'Organisations',
  courses: 'Modules (courses)',
  classes: 'Teaching groups (classes)',
  users: 'People (users)',
  roles: 'Roles',
  enrollments: 'Enrolments',
  rooms: 'Rooms',
  events: 'Timetable events',
  absenceCategories: 'Absence categories',
};

export { formatCount };

/** Each kind of change summed over every entity. */
export function totalCounts(counts: ImportCounts): ImportEntityCounts {
  const total = { create: 0, update: 0, deactivate: 0, unchanged: 0 };
  for (const entity of importEntityNames) {
    const one = counts[entity];
    total.create += one.create;
    total.update += one.update;
    total.deactivate += one.deactivate;
    total.unchanged += one.unchanged;
  }
  return total;
}

/** 'Create 120, update 3,400, deactivate 12.', over every entity. */
export function countsSentence(counts: ImportCounts): string {
  const total = totalCounts(counts);
  return `Create ${formatCount(total.create)}, update ${formatCount(total.update)}, deactivate ${formatCount(total.deactivate)}.`;
}

/** The history's changes column: the counts, or why there are none. */
export function changesSummary(state: ImportState, counts: ImportCounts): string {
  if (state === 'validating') return 'Not counted yet';
  if (state === 'invalid') return 'None: the bundle has errors';
  return countsSentence(counts);
}

const MB = 1024 * 1024;

/** '1.2 MB of 3.4 MB' (or kB for a bundle under 1 MB), both in the unit of the whole. */
export function formatUploadProgress(loaded: number, total: number): string {
  const isMb = total >= MB;
  const unit = isMb ? MB : 1024;
  const format = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 1, minimumFractionDigits: isMb ? 1 : 0 });
  const label = isMb ? 'MB' : 'kB';
  return `${format.format(loaded / unit)} ${label} of ${format.format(total / unit)} ${label}`;
}

/** A batch's time as the other admin pages show times: 'DD/MM/YYYY HH:mm'. */
export const when = (iso: string): string => `${formatDate(iso)} ${formatTime24(iso)}`;
