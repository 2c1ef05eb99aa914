import { absenceCategorySpecs } from '../absences.js';
import { slug } from './ids.js';
import type { AbsenceCategoryRecord } from './records.js';

/** The demo's absence categories, in their display order (every generated university has these). */
export function* absenceCategoryRecords(): Generator<AbsenceCategoryRecord> {
  for (const c of absenceCategorySpecs) {
    yield {
      sourcedId: `absence-${slug(c.name)}`, name: c.name, description: c.description, absenceType: c.type,
      requiresDescription: c.requiresDescription, requiresEvidence: c.requiresEvidence,
    };
  }
}
