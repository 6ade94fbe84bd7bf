import { lazy } from 'react';
import dayjs from 'dayjs';
import { DATE_FORMAT, RELEASE_UI } from '@portal/contracts';
import { PickerShell } from './picker/PickerShell';

export type DatePickerFieldProps = {
  label: string;
  name: string;
  /** Epoch ms, or null when not chosen. */
  value: number | null;
  /** Earliest selectable day, epoch ms (minReleaseDate()). */
  min: number;
  onChange(epochMs: number): void;
  onBlur?(): void;
  error?: string;
  hint?: string;
  required?: boolean;
};

const loadCalendar = () => import('./picker/DayCalendar');
const DayCalendar = lazy(loadCalendar);
const preload = () => void loadCalendar();

/**
 * Read-only release date picker (core §2 Tab 1 "Release date picker is read-only, format DD/MM/yyyy,
 * minimum today plus 6 days", §5): the field cannot be typed into and shows the date as DD/MM/yyyy;
 * click, Enter, Space or ArrowDown open a react-day-picker calendar (a lazy chunk, fetched when the
 * pointer enters the field or it takes focus) whose days before `min` are disabled; arrows move by day/week, PageUp/PageDown by
 * month, Enter/Space choose (epoch ms of the day's local midnight) and Esc closes.
 */
export function DatePickerField({ value, min, onChange, ...shell }: DatePickerFieldProps) {
  const minDay = dayjs(min).startOf('day').toDate();
  const selected = value !== null ? dayjs(value).startOf('day').toDate() : undefined;
  return (
    <PickerShell
      {...shell}
      text={selected ? dayjs(selected).format(DATE_FORMAT) : ''}
      placeholder={DATE_FORMAT}
      openLabel={RELEASE_UI.datePicker.open}
      dialogLabel={RELEASE_UI.datePicker.dialogTitle}
      preload={preload}
    >
      {(close) => (
        <DayCalendar
          selected={selected}
          min={minDay}
          onSelect={(day) => {
            if (day < minDay) return;
            onChange(day.getTime());
            close(true);
          }}
        />
      )}
    </PickerShell>
  );
}
