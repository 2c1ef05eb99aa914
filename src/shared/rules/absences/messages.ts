/** The absence texts of SPEC §5 and §8, verbatim. Both the dialog and the server use these. */
export const absenceMessages = {
  startDateRequired: 'Start date is required',
  endDateRequired: 'End date is required',
  startTimeRequired: 'Start time is required',
  endTimeRequired: 'End time is required',
  categoryRequired: 'Please select an absence category',
  descriptionRequired: 'Your chosen absence reason requires additional information',
  evidenceRequired: 'Your chosen absence reason requires supporting evidence',
  endAfterStart: 'End must be after start.',
  /** Create: `{min}` and `{max}` are DD/MM/YYYY. */
  datesWithin: (min: string, max: string): string => `Dates must be within ${min} and ${max}.`,
  /** Edit: `{max}` is DD/MM/YYYY. */
  endBeyondMax: (max: string): string => `The end date cannot be beyond ${max}.`,
  /** SPEC §5 gives the limit (255) but no text; ours. */
  descriptionTooLong: (max: number): string => `The description must be at most ${max} characters.`,
} as const;

/** SPEC §8 composer read-only messages. */
export const enrolmentMessages = {
  unknown: 'This is because we are unable to determine your enrolment status. Please try again later.',
  notFullyEnrolled: 'This is because you are not fully enrolled. Please check your profile in the top right for more information.',
} as const;

/** SPEC §2: the default read-only notice; a host-supplied message is appended. */
export const readOnlyNotice = 'This absence is in read-only mode so cannot be edited.';

/**
 * The error keys of absence validation (client form and server 400 alike). SPEC §5 files every
 * date-range error under `dateRange`.
 */
export const absenceErrorKeys = {
  startDate: 'startDate',
  endDate: 'endDate',
  startTime: 'startTime',
  endTime: 'endTime',
  category: 'absenceCategoryRowId',
  description: 'absenceDescription',
  files: 'supportingFiles',
  dateRange: 'dateRange',
} as const;
