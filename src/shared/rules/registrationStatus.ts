/** SPEC §3: the one registration status that means fully enrolled. */
export const fullyEnrolledStatus = 'Registered-Enrolled';

export type EnrolmentState = 'enrolled' | 'notEnrolled' | 'unknown';

export interface EnrolmentExplanation {
  readonly state: EnrolmentState;
  /** A short heading: what the status means. */
  readonly summary: string;
  /** What follows from it and who to contact, in plain words. */
  readonly detail: string;
}

/** The office that sorts out enrolment at the demo university; a deployment changes it here. */
export const enrolmentContact = { name: 'Student Registry', email: 'registry@campus.example.ac.uk' } as const;

/** Explains a registration status (SPEC §3, §4): enrolled, not fully enrolled, or unknown (null). */
export function explainRegistrationStatus(status: string | null): EnrolmentExplanation {
  if (status === fullyEnrolledStatus) {
    return {
      state: 'enrolled',
      summary: 'You are fully enrolled.',
      detail: 'Your registration is complete, so you can use everything in the app, including absence requests.',
    };
  }
  if (status === null || status.trim() === '') {
    return {
      state: 'unknown',
      summary: 'We are unable to determine your enrolment status.',
      detail:
        `Our records do not show a registration status for you, so absence requests are read-only for now. Please try again later; if this continues, contact the ${enrolmentContact.name}.`,
    };
  }
  return {
    state: 'notEnrolled',
    summary: 'You are not fully enrolled.',
    detail:
      `Your registration status is "${status}", which means your enrolment is not complete: you cannot create or change absence requests until it is. Contact the ${enrolmentContact.name} to finish enrolling or to check your record.`,
  };
}
