import type { AbsenceCategory, AbsenceConfig, AbsenceRequest } from '../../../../src/shared/contract/absences';

/** Absence fixtures shaped like the server's answers (London wall-clock values with an offset). */
export const categories = {
  illness: {
    rowId: 1,
    absenceCategoryName: 'Illness',
    absenceCategoryDescription: 'Illness or injury. Please upload a fit note.',
    absenceType: 'Authorised',
    requiresDescription: false,
    requiresEvidence: true,
  },
  observance: {
    rowId: 4,
    absenceCategoryName: 'Religious observance',
    absenceCategoryDescription: 'A religious festival.',
    absenceType: 'Informed',
    requiresDescription: false,
    requiresEvidence: false,
  },
  other: {
    rowId: 6,
    absenceCategoryName: 'Other',
    absenceCategoryDescription: 'Any other reason.',
    absenceType: 'Informed',
    requiresDescription: true,
    requiresEvidence: false,
  },
} as const satisfies Record<string, AbsenceCategory>;

export const config: AbsenceConfig = {
  categories: Object.values(categories),
  dateLimits: { minimum: '2025-10-01T00:00:00+01:00', maximum: '2026-06-30T00:00:00+01:00' },
};

export function makeRequest(overrides: Partial<AbsenceRequest> = {}): AbsenceRequest {
  return {
    rowId: 42,
    studentId: 'S2400001',
    absenceCategoryRowId: categories.illness.rowId,
    absenceStart: '2025-11-10T09:00:00+00:00',
    absenceEnd: '2025-11-10T17:00:00+00:00',
    absenceDescription: 'Migraine.',
    absenceStatus: 'Pending',
    messageToStudent: null,
    supportingFiles: [{ rowId: 7, fileName: 'fit-note.pdf' }],
    lastModified: '2025-11-09T12:00:00+00:00',
    ...overrides,
  };
}

/** A small file, as a browser would hand it over. */
export function makeFile(name = 'note.pdf', body = '%PDF-1.4 test'): File {
  return new File([body], name, { type: 'application/pdf', lastModified: 1_700_000_000_000 });
}
