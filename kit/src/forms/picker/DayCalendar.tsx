import styled from 'styled-components';
import { DayPicker } from 'react-day-picker';
import dayjs from 'dayjs';
import { RELEASE_UI } from '@portal/contracts';
import { theme } from '../../theme/theme';
import { cellButton, navButton, selectedCell } from './picker.styles';

const T = RELEASE_UI.datePicker;

export type DayCalendarProps = {
  /** The chosen day (local midnight), if any. */
  selected?: Date;
  /** The earliest day that can be chosen (local midnight); earlier days are disabled. */
  min: Date;
  onSelect(day: Date): void;
};

/**
 * react-day-picker has no stylesheet here: its `rdp-*` classes are styled with the theme.
 * Layout "around": ‹ caption › on one row, the grid below.
 */
const Styled = styled.div`
  .rdp-month {
    display: grid;
    grid-template-columns: 32px 1fr 32px;
    align-items: center;
    row-gap: 8px;
  }
  .rdp-button_previous, .rdp-button_next { ${navButton} padding: 0; }
  .rdp-chevron { width: 16px; height: 16px; fill: currentColor; }
  .rdp-month_caption { text-align: center; font-weight: 700; }
  .rdp-month_grid { grid-column: 1 / -1; width: 100%; border-collapse: collapse; }
  .rdp-weekday { font-size: 12px; color: ${theme.colors.textMuted}; font-weight: 600; padding: 4px 0; text-align: center; }
  .rdp-day { padding: 1px; text-align: center; }
  .rdp-day_button { ${cellButton} width: 36px; height: 34px; }
  .rdp-today .rdp-day_button { border-color: ${theme.colors.border}; }
  .rdp-outside .rdp-day_button:not(:disabled) { color: ${theme.colors.textMuted}; }
  .rdp-selected .rdp-day_button { ${selectedCell} }
`;

/**
 * The release date's calendar (core §2 Tab 1, §5): one month, Monday first, days before `min` disabled
 * and the months before `min`'s unreachable. Keyboard (react-day-picker, APG date grid): arrows move
 * by day and week, PageUp/PageDown by month, Shift+PageUp/PageDown by year, Home/End to the week's
 * ends, Enter or Space choose. Each day button is named "D MMMM YYYY" in dayjs tokens (the e2e journeys find days so).
 * Loaded lazily by `DatePickerField`.
 */
export default function DayCalendar({ selected, min, onSelect }: DayCalendarProps) {
  const start = selected && selected >= min ? selected : min;
  return (
    <Styled>
      <DayPicker
        mode="single"
        required
        selected={selected}
        onSelect={(day: Date | undefined) => day && onSelect(day)}
        defaultMonth={start}
        startMonth={min}
        disabled={{ before: min }}
        weekStartsOn={1}
        showOutsideDays
        fixedWeeks
        navLayout="around"
        // The APG date picker dialog: opening it moves focus to the chosen (or first allowed) day.
        // eslint-disable-next-line jsx-a11y/no-autofocus
        autoFocus
        labels={{
          labelDayButton: (date: Date) => dayjs(date).format('D MMMM YYYY'),
          labelPrevious: () => T.previousMonth,
          labelNext: () => T.nextMonth,
        }}
        formatters={{ formatWeekdayName: (date: Date) => T.weekdays[(date.getDay() + 6) % 7] }}
      />
    </Styled>
  );
}
