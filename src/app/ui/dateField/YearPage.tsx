import { useState } from 'react';
import { Button } from 'react-aria-components';
import { Icon } from '../icons/Icon';
import { isYearAllowed, yearPageOf, yearsOf } from './yearPage';

interface YearPageProps {
  /** The year the calendar shows now; its page opens first, with focus on it. */
  readonly year: number;
  /** The chosen date's year, marked as current. */
  readonly selectedYear: number | undefined;
  readonly minYear: number | undefined;
  readonly maxYear: number | undefined;
  readonly onPick: (year: number) => void;
}

/**
 * The calendar's year page (SPEC §9): 20 years at a time, the arrows moving a page back or on and
 * stopping at min and max; years outside them cannot be picked. Picking one returns to its month.
 */
export function YearPage({ year, selectedYear, minYear, maxYear, onPick }: YearPageProps) {
  const [pageYear, setPageYear] = useState(year);
  const page = yearPageOf(pageYear, minYear, maxYear);
  const range = `${page.first}–${page.last}`;
  return (
    <div className="calendar">
      <header className="calendar__header">
        <Button
          className="icon-button"
          aria-label="Previous 20 years"
          isDisabled={!page.hasPrevious}
          onPress={() => setPageYear(page.first - 1)}
        >
          <Icon name="chevronLeft" size={20} />
        </Button>
        <h2 className="calendar__heading" aria-live="polite">
          {range}
        </h2>
        <Button
          className="icon-button"
          aria-label="Next 20 years"
          isDisabled={!page.hasNext}
          onPress={() => setPageYear(page.last + 1)}
        >
          <Icon name="chevronRight" size={20} />
        </Button>
      </header>
      <div role="group" aria-label={`Years ${range}`} className="calendar__years">
        {yearsOf(page).map((candidate) => (
          <Button
            key={candidate}
            className="calendar__year"
            isDisabled={!isYearAllowed(candidate, minYear, maxYear)}
            aria-current={candidate === selectedYear ? 'date' : undefined}
            data-selected={candidate === selectedYear || undefined}
            autoFocus={candidate === year}
            onPress={() => onPick(candidate)}
          >
            {candidate}
          </Button>
        ))}
      </div>
    </div>
  );
}
