import { getLocalTimeZone, parseDate, today, type CalendarDate } from '@internationalized/date';
import { useContext, useState } from 'react';
import {
  Button,
  ButtonContext,
  Calendar,
  CalendarCell,
  CalendarGrid,
  CalendarGridBody,
  CalendarGridHeader,
  CalendarHeaderCell,
  CalendarStateContext,
  Dialog,
  DialogTrigger,
  I18nProvider,
  Popover,
} from 'react-aria-components';
import { Icon } from '../icons/Icon';
import { isIsoDate } from './dateText';
import { YearPage } from './YearPage';

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

/**
 * The app's calendars follow UK conventions whatever the device's language (SPEC: DD/MM/YYYY):
 * weeks start on Monday and months are named in British English.
 */
const calendarLocale = 'en-GB';

const toCalendarDate = (iso: string | null | undefined): CalendarDate | null => (iso && isIsoDate(iso) ? parseDate(iso) : null);

/** Where the calendar opens: the chosen date, else today, moved into min..max. */
function initialFocus(selected: CalendarDate | null, min: CalendarDate | null, max: CalendarDate | null): CalendarDate {
  let date = selected ?? today(getLocalTimeZone());
  if (min && date.compare(min) < 0) date = min;
  if (max && date.compare(max) > 0) date = max;
  return date;
}

/**
 * The desktop date field's button and popup calendar (react-aria): days outside min..max are
 * disabled and the month arrows stop at the range. The month's title opens the year page (20 years,
 * SPEC §9). Picking a day keeps the popup open; 'Close', Escape or a click outside closes it, and
 * focus returns to the button.
 */
export function CalendarPopup({ label, isOpen, onOpenChange, isDisabled, selected, min, max, onPick }: CalendarPopupProps) {
  return (
    <DialogTrigger isOpen={isOpen} onOpenChange={onOpenChange}>
      <Button className="icon-button date-field__button" aria-label={`Choose ${label}`} isDisabled={isDisabled}>
        <Icon name="timetable" size={22} />
      </Button>
      <Popover placement="bottom end" className="date-field__popover">
        <Dialog aria-label={`${label} calendar`} className="date-field__dialog">
          <I18nProvider locale={calendarLocale}>
            <CalendarContent label={label} selected={selected} min={min} max={max} onPick={onPick} />
          </I18nProvider>
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

type CalendarContentProps = Pick<CalendarPopupProps, 'label' | 'selected' | 'min' | 'max' | 'onPick'>;

/** The month view, or the year page; mounted each time the popup opens. */
function CalendarContent({ label, selected, min, max, onPick }: CalendarContentProps) {
  const value = toCalendarDate(selected);
  const minValue = toCalendarDate(min);
  const maxValue = toCalendarDate(max);
  const [focused, setFocused] = useState(() => initialFocus(value, minValue, maxValue));
  const [isYearPage, setIsYearPage] = useState(false);

  if (isYearPage) {
    return (
      <YearPage
        year={focused.year}
        selectedYear={value?.year}
        minYear={minValue?.year}
        maxYear={maxValue?.year}
        onPick={(year) => {
          setFocused(initialFocus(focused.set({ year }), minValue, maxValue));
          setIsYearPage(false);
        }}
      />
    );
  }
  return (
    <Calendar
      className="calendar"
      aria-label={label}
      value={value}
      minValue={minValue}
      maxValue={maxValue}
      focusedValue={focused}
      onFocusChange={setFocused}
      onChange={(date) => onPick(date.toString())}
      autoFocus
    >
      <header className="calendar__header">
        <Button slot="previous" className="icon-button">
          <Icon name="chevronLeft" size={20} />
        </Button>
        <MonthTitle onPress={() => setIsYearPage(true)} />
        <Button slot="next" className="icon-button">
          <Icon name="chevronRight" size={20} />
        </Button>
      </header>
      <CalendarGrid className="calendar__grid">
        <CalendarGridHeader>{(day) => <CalendarHeaderCell className="calendar__weekday">{day}</CalendarHeaderCell>}</CalendarGridHeader>
        <CalendarGridBody>{(date) => <CalendarCell date={date} className="calendar__day" />}</CalendarGridBody>
      </CalendarGrid>
    </Calendar>
  );
}

const monthTitle = new Intl.DateTimeFormat(calendarLocale, { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** The shown month ('November 2026') as a button that opens the year page. */
function MonthTitle({ onPress }: { readonly onPress: () => void }) {
  const state = useContext(CalendarStateContext);
  if (!state) return null;
  const title = monthTitle.format(state.visibleRange.start.toDate('UTC'));
  // Inside the calendar, buttons are its 'previous' and 'next' slots; this one is neither.
  return (
    <ButtonContext.Provider value={null}>
      <Button className="calendar__title-button" onPress={onPress}>
        <span className="calendar__heading">{title}</span>
        <span className="visually-hidden">, choose a year</span>
        <span aria-hidden="true" className="calendar__title-mark">
          ▾
        </span>
      </Button>
    </ButtonContext.Provider>
  );
}
