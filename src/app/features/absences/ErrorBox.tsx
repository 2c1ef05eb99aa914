import { useEffect, useId, useRef } from 'react';
import type { AbsenceFieldErrors } from '../../../shared/rules/absences';
import { errorLines } from './absenceForm';

/**
 * SPEC §2: a red box titled 'Error processing absence', each field as 'field: messages', separated
 * by blank lines; the view scrolls to it whenever errors are shown (`revision` changes), and it
 * takes the focus, since the button that was pressed may be disabled by then.
 */
export function ErrorBox({ errors, revision }: { readonly errors: AbsenceFieldErrors; readonly revision: number }) {
  const boxRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const lines = errorLines(errors);
  const hasErrors = lines.length > 0;
  useEffect(() => {
    if (revision === 0 || !hasErrors) return;
    boxRef.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
    boxRef.current?.focus({ preventScroll: true });
  }, [revision, hasErrors]);
  if (!hasErrors) return null;
  return (
    <div ref={boxRef} role="alert" tabIndex={-1} className="absence-errors" aria-labelledby={titleId}>
      <p id={titleId} className="absence-errors__title">
        Error processing absence
      </p>
      <p className="absence-errors__list">{lines.join('\n\n')}</p>
    </div>
  );
}
