import type { ClassRegister, RegisterStudent } from '../../../shared/contract/staffRegister';
import { ResponsiveTable } from '../../ui/table/ResponsiveTable';
import { canMarkPresent, studentStatus } from './registerLabels';

interface RegisterTableProps {
  readonly register: ClassRegister;
  readonly nowMs: number;
  /** The action under way ('mark-<userId>'), if any: every Mark present waits for it. */
  readonly busy: string | undefined;
  readonly onMarkPresent: (student: RegisterStudent) => void;
}

/** The register's students: name and student id, where each stands, and Mark present while it may be used. */
export function RegisterTable({ register, nowMs, busy, onMarkPresent }: RegisterTableProps) {
  const isClosed = register.closedAt !== null;
  return (
    <ResponsiveTable label="Students on the register">
      <caption className="visually-hidden">Students on the register</caption>
      <thead>
        <tr>
          <th scope="col">Student</th>
          <th scope="col">Status</th>
          <th scope="col">
            <span className="visually-hidden">Actions</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {register.students.map((student) => (
          <tr key={student.userId} data-state={student.state}>
            <th scope="row">
              {student.displayName}
              {student.studentId && <span className="register__student-id"> {student.studentId}</span>}
            </th>
            <td data-label="Status">{studentStatus(student, isClosed)}</td>
            <td>
              {canMarkPresent(register, student, nowMs) && (
                <button type="button" className="button" disabled={busy !== undefined} onClick={() => onMarkPresent(student)}>
                  {busy === `mark-${student.userId}` ? 'Marking…' : 'Mark present'}
                  <span className="visually-hidden">: {student.displayName}</span>
                </button>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </ResponsiveTable>
  );
}
