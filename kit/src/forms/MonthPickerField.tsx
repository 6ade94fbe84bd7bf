import { lazy } from 'react';
import dayjs from 'dayjs';
import { PickerShell } from './picker/PickerShell';
import type { MonthCalendarLabels } from './picker/MonthCalendar';

export type MonthPickerLabels = MonthCalendarLabels & {
  /** Accessible names of the calendar button and of the popover dialog. */
  open: string;
  dialogTitle: string;
};

export type MonthPickerFieldProps = {
  label: string;
  name: string;
  /** "YYYY-MM" (the value an `<input type="month">` had), or '' when not chosen. */
  value: string;
  /** Latest month offered, "YYYY-MM"; later months are disabled. */
  max?: string;
  /** How the chosen month is shown in the field (dayjs tokens, e.g. "MMM/YYYY"). */
  displayFormat: string;
  /** The field's placeholder (default: `displayFormat`), e.g. the spec's notation "MMM/yyyy". */
  placeholder?: string;
  labels: MonthPickerLabels;
  onChange(value: string): void;
  onBlur?(): void;
  error?: string;
  hint?: string;
  required?: boolean;
};

const loadCalendar = () => import('./picker/MonthCalendar');
const MonthCalendar = lazy(loadCalendar);
const preload = () => void loadCalendar();

/** "2025-03" → 1 March 2025 (local), or undefined. */
function parseMonth(value: string | undefined): Date | undefined {
  const m = value ? /^(\d{4})-(\d{2})$/.exec(value) : null;
  return m ? new Date(Number(m[1]), Number(m[2]) - 1, 1) : undefined;
}

/**
 * Read-only month picker (areas §2 "Reports": Start Month and End Month pickers, year and month): the
 * field shows the month in `displayFormat` and opens a year of months (a lazy chunk, fetched when the
 * pointer enters the field or it takes focus) in the same popover as the release date picker. Keyboard: Enter, Space or ArrowDown
 * open; arrows, PageUp/PageDown, Home/End move; Enter/Space choose; Esc closes. The value stays the
 * "YYYY-MM" string a native month input gave, so forms keep their rules.
 */
export function MonthPickerField({ value, max, displayFormat, placeholder, labels, onChange, ...shell }: MonthPickerFieldProps) {
  const selected = parseMonth(value);
  return (
    <PickerShell
      {...shell}
      text={selected ? dayjs(selected).format(displayFormat) : ''}
      placeholder={placeholder ?? displayFormat}
      openLabel={labels.open}
      dialogLabel={labels.dialogTitle}
      preload={preload}
    >
      {(close) => (
        <MonthCalendar
          selected={selected}
          max={parseMonth(max)}
          labels={labels}
          onSelect={(month) => {
            onChange(dayjs(month).format('YYYY-MM'));
            close(true);
          }}
        />
      )}
    </PickerShell>
  );
}
