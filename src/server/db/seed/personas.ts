import type { Role } from '../../../shared/contract/route.js';

export interface Persona {
  readonly userName: string;
  readonly displayName: string;
  readonly firstName: string;
  readonly roles: readonly Role[];
  readonly studentId?: string;
  readonly staffJobFamily?: string;
  /** A line for the demo persona picker. */
  readonly description: string;
}

/** The demo personas. Their user names are fixed: tests and the README refer to them. */
export const personas: readonly Persona[] = [
  { userName: 'student', displayName: 'Amara Okafor', firstName: 'Amara', roles: ['Student'], studentId: 'S2400001', description: 'Fully enrolled undergraduate, year 2' },
  { userName: 'student2', displayName: 'Liam Chen', firstName: 'Liam', roles: ['Student'], studentId: 'S2400002', description: 'Another fully enrolled student' },
  { userName: 'student.unenrolled', displayName: 'Sofia Rossi', firstName: 'Sofia', roles: ['Student'], studentId: 'S2400003', description: 'Student who is not fully enrolled' },
  { userName: 'student.unknown', displayName: 'Noah Patel', firstName: 'Noah', roles: ['Student'], studentId: 'S2400004', description: 'Student whose enrolment status is unknown' },
  { userName: 'lecturer', displayName: 'Dr Helen Marsh', firstName: 'Helen', roles: ['TeachingStaff'], staffJobFamily: 'Academic', description: 'Lecturer teaching some of student\u2019s modules' },
  { userName: 'staff', displayName: 'Priya Shah', firstName: 'Priya', roles: [], staffJobFamily: 'Professional Services', description: 'Professional staff, no teaching' },
  { userName: 'support', displayName: 'Maya Robinson', firstName: 'Maya', roles: [], staffJobFamily: 'Professional Services', description: 'Student Support adviser: receives students\u2019 support referrals' },
  { userName: 'admin', displayName: 'Sam Taylor', firstName: 'Sam', roles: ['Administrator'], staffJobFamily: 'Professional Services', description: 'Administrator' },
];

export function emailFor(userName: string): string {
  return `${userName.replace(/\./g, '-')}@campus.example.ac.uk`;
}
