import { useEffect, useRef } from 'react';
import type { ClashingEvent } from '../../../shared/contract/absences';
import { displayDate } from '../../../shared/rules/absences';

const timeOf = (value: string): string => value.slice(11, 16);

/**
 * SPEC §2: the chosen start or end falls partway through these classes; the student is asked to
 * adjust the times. Announced politely as it appears, and scrolled into view (above the sticky
 * actions) without moving the focus from the field being edited; it never blocks submitting.
 */
export function ClashWarning({ clashes }: { readonly clashes: readonly ClashingEvent[] }) {
  const region = useRef<HTMLDivElement>(null);
  const hasClashes = clashes.length > 0;
  useEffect(() => {
    // At once, not smoothly: a smooth scroll is cancelled by the next focus move (Tab to the next field).
    if (hasClashes) region.current?.scrollIntoView?.({ block: 'nearest' });
  }, [hasClashes]);
  return (
    <div ref={region} role="status" aria-live="polite" className="absence-clash">
      {clashes.length > 0 && (
        <>
          <p className="absence-clash__title">Your absence starts or ends partway through a class</p>
          <p>Please adjust the times so that each of these classes is either fully inside your absence or outside it:</p>
          <ul className="absence-clash__list">
            {clashes.map((clash) => (
              <li key={`${clash.moduleName}-${clash.eventStart}`}>
                {`${clash.moduleName}, ${displayDate(clash.eventStart)} ${timeOf(clash.eventStart)}–${timeOf(clash.eventEnd)}`}
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
