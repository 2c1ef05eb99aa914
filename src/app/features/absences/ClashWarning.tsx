import type { ClashingEvent } from '../../../shared/contract/absences';
import { displayDate } from '../../../shared/rules/absences';

const timeOf = (value: string): string => value.slice(11, 16);

/**
 * SPEC §2: the chosen start or end falls partway through these classes; the student is asked to
 * adjust the times. Announced politely as it appears; it never blocks submitting.
 */
export function ClashWarning({ clashes }: { readonly clashes: readonly ClashingEvent[] }) {
  return (
    <div role="status" aria-live="polite" className="absence-clash">
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
