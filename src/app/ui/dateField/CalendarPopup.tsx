import { parseDate, type CalendarDate } from '@internationalized/date';
import {
  Button,
  Calendar,
  CalendarCell,
  CalendarGrid,
  CalendarGridBody,
  CalendarGridHeader,
  CalendarHeaderCell,
  Dialog,
  DialogTrigger,
  Heading,
  Popover,
} from 'react-aria-components';
import { Icon } from '../icons/Icon';
import { isIsoDate } from './dateText';

interface CalendarPopupProps {
  /** The date field's label: the button is 'Choose {label}', the popup '{label} calendar'. */
  readonly label: string;
  readonly isOpen: boolean;
  readonly onOpenChange: (isOpen: boolean) => void;
  readonly isDisabled: boolean;
  /** The ISO date shown as chosen, if any. */
  readonly selected: string | null;
  readonly min: string | null | undefined;
  readonly max: string | null | undefined;
  readonly onPick: (iso: string) => void;
}

const toCalendarDate = (iso: string | null | undefined): CalendarDate | null => (iso && isIsoDate(iso) ? parseDate(iso) : null);

/**
 * The desktop date field's button and popup calendar (react-aria): days outside min..max are
 * disabled and the month arrows stop at the range. Picking a day keeps the popup open; 'Close',
 * Escape or a click outside closes it, and focus returns to the button.
 */
export function CalendarPopup({ label, isOpen, onOpenChange, isDisabled, selected, min, max, onPick }: CalendarPopupProps) {
  return (
    <DialogTrigger isOpen={isOpen} onOpenChange={onOpenChange}>
      <Button className="icon-button date-field__button" aria-label={`Choose ${label}`} isDisabled={isDisabled}>
        <Icon name="timetable" size={22} />
      </Button>
      <Popover placement="bottom end" className="date-field__popover">
        <Dialog aria-label={`${label} calendar`} className="date-field__dialog">
          <Calendar
            className="calendar"
            aria-label={label}
            value={toCalendarDate(selected)}
            minValue={toCalendarDate(min)}
            maxValue={toCalendarDate(max)}
            onChange={(date) => onPick(date.toString())}
            autoFocus
          >
            <header className="calendar__header">
              <Button slot="previous" className="icon-button">
                <Icon name="chevronLeft" size={20} />
              </Button>
              <Heading className="calendar__heading" />
              <Button slot="next" className="icon-button">
                <Icon name="chevronRight" size={20} />
              </Button>
            </header>
            <CalendarGrid className="calendar__grid">
              <CalendarGridHeader>{(day) => <CalendarHeaderCell className="calendar__weekday">{day}</CalendarHeaderCell>}</CalendarGridHeader>
              <CalendarGridBody>{(date) => <CalendarCell date={date} className="calendar__day" />}</CalendarGridBody>
            </CalendarGrid>
          </Calendar>
          <div className="date-field__popup-actions">
            <Button className="button" onPress={() => onOpenChange(false)}>
              Close
            </Button>
          </div>
        </Dialog>
      </Popover>
    </DialogTrigger>
  );
}
