import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import styled from 'styled-components';
import dayjs from 'dayjs';
import { theme } from '../../theme/theme';
import { Head, cellButton, selectedCell } from './picker.styles';

export type MonthCalendarLabels = { previousYear: string; nextYear: string };

export type MonthCalendarProps = {
  /** The chosen month (its first day), if any. */
  selected?: Date;
  /** The latest month that can be chosen (its first day); later months are disabled. */
  max?: Date;
  labels: MonthCalendarLabels;
  onSelect(month: Date): void;
};

const Grid = styled.table`
  width: 100%;
  border-collapse: collapse;
  td { padding: 2px; text-align: center; }
`;

const MonthButton = styled.button<{ $selected: boolean; $current: boolean }>`
  ${cellButton}
  width: 100%;
  height: 40px;
  ${({ $current }) => ($current ? `border-color: ${theme.colors.border};` : '')}
  ${({ $selected }) => ($selected ? selectedCell : '')}
`;

/** Keys of the month grid (APG grid): ±1 month, ±1 row of 3, ±1 year, row ends. */
const addMonths = (m: Date, n: number): Date => dayjs(m).add(n, 'month').toDate();
const startOfMonth = (m: Date): Date => dayjs(m).startOf('month').toDate();
const isAfter = (a: Date, b: Date): boolean => dayjs(a).isAfter(b);
/** A month formatted with dayjs tokens ("YYYY-MM", "MMM YYYY"). */
const format = (m: Date, pattern: string): string => dayjs(m).format(pattern);

const STEPS: Record<string, (m: Date) => Date> = {
  ArrowLeft: (m) => addMonths(m, -1),
  ArrowRight: (m) => addMonths(m, 1),
  ArrowUp: (m) => addMonths(m, -3),
  ArrowDown: (m) => addMonths(m, 3),
  PageUp: (m) => addMonths(m, -12),
  PageDown: (m) => addMonths(m, 12),
  Home: (m) => addMonths(m, -(m.getMonth() % 3)),
  End: (m) => addMonths(m, 2 - (m.getMonth() % 3)),
};

/**
 * A year of months as a 4×3 grid, the month-level companion of the day calendar (same popover shell,
 * theme; dates through dayjs, the kit's one date library; react-day-picker has no month view).
 * ‹ year › step a year; arrows move by month and row, PageUp/PageDown by year, Home/End to a row's
 * ends, Enter or Space choose; months after `max` are disabled. Each button is named "MMM YYYY" in dayjs tokens ("Jun 2025").
 * Loaded lazily by `MonthPickerField`.
 */
export default function MonthCalendar({ selected, max, labels, onSelect }: MonthCalendarProps) {
  const last = max ? startOfMonth(max) : undefined;
  const clamp = (m: Date) => (last && isAfter(m, last) ? last : m);
  const [focused, setFocused] = useState<Date>(() => clamp(startOfMonth(selected ?? new Date())));
  const gridRef = useRef<HTMLTableElement>(null);
  const moveFocus = useRef(true);

  useEffect(() => {
    if (!moveFocus.current) return;
    gridRef.current?.querySelector<HTMLButtonElement>(`button[data-month="${format(focused, 'YYYY-MM')}"]`)?.focus();
  }, [focused]);

  const year = focused.getFullYear();
  const months = Array.from({ length: 12 }, (_, i) => new Date(year, i, 1));
  const rows = [0, 3, 6, 9].map((i) => months.slice(i, i + 3));
  const nextYearBlocked = Boolean(last && last.getFullYear() <= year);

  const stepYear = (delta: number) => {
    moveFocus.current = false;
    setFocused(clamp(addMonths(focused, 12 * delta)));
  };

  const onKey = (event: KeyboardEvent<HTMLTableElement>) => {
    const step = STEPS[event.key];
    if (!step) return;
    event.preventDefault();
    moveFocus.current = true;
    setFocused(clamp(step(focused)));
  };

  return (
    <>
      <Head>
        <button type="button" aria-label={labels.previousYear} onClick={() => stepYear(-1)}>
          ‹
        </button>
        <span aria-live="polite">{year}</span>
        <button type="button" aria-label={labels.nextYear} disabled={nextYearBlocked} onClick={() => stepYear(1)}>
          ›
        </button>
      </Head>
      <Grid ref={gridRef} role="grid" aria-label={String(year)} onKeyDown={onKey}>
        <tbody>
          {rows.map((row) => (
            <tr key={row[0].getMonth()}>
              {row.map((m) => {
                const isSelected = Boolean(selected && format(selected, 'YYYY-MM') === format(m, 'YYYY-MM'));
                return (
                  <td key={m.getMonth()} role="gridcell" aria-selected={isSelected}>
                    <MonthButton
                      type="button"
                      data-month={format(m, 'YYYY-MM')}
                      tabIndex={m.getTime() === focused.getTime() ? 0 : -1}
                      disabled={Boolean(last && isAfter(m, last))}
                      // The name holds the visible "Jun" (axe label-content-name-mismatch).
                      aria-label={format(m, 'MMM YYYY')}
                      $selected={isSelected}
                      $current={format(m, 'YYYY-MM') === format(new Date(), 'YYYY-MM')}
                      onFocus={() => {
                        if (m.getTime() === focused.getTime()) return;
                        moveFocus.current = false;
                        setFocused(m);
                      }}
                      onClick={() => onSelect(m)}
                    >
                      {format(m, 'MMM')}
                    </MonthButton>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </Grid>
    </>
  );
}
