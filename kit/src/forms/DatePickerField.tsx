import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import styled from 'styled-components';
import dayjs, { type Dayjs } from 'dayjs';
import { theme } from '../theme/theme';
import { DATE_FORMAT, RELEASE_UI } from '@portal/contracts';

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

const Wrap = styled.div`
  position: relative;
  display: flex;
  flex-direction: column;
  gap: 6px;
  margin-bottom: 16px;
  min-width: 0;
`;

const Label = styled.label`
  font-size: ${theme.font.size.sm};
  font-weight: 600;
  color: ${theme.colors.text};
`;

const Control = styled.div<{ $invalid: boolean }>`
  display: flex;
  align-items: stretch;
  border: 1px solid ${({ $invalid }) => ($invalid ? theme.colors.danger : theme.colors.border)};
  border-radius: ${theme.radii.sm};
  background: ${theme.colors.surface};
  &:focus-within {
    border-color: ${({ $invalid }) => ($invalid ? theme.colors.danger : theme.colors.accent)};
    box-shadow: 0 0 0 3px ${({ $invalid }) => ($invalid ? theme.colors.dangerSoft : theme.colors.accentSoft)};
  }
`;

const Input = styled.input`
  flex: 1;
  min-width: 0;
  padding: 9px 12px;
  border: 0;
  background: transparent;
  color: ${theme.colors.text};
  font-size: ${theme.font.size.md};
  cursor: pointer;
  &:focus { outline: none; }
  &::placeholder { color: ${theme.colors.neutral}; }
`;

const IconButton = styled.button`
  flex: none;
  width: 40px;
  border: 0;
  border-left: 1px solid ${theme.colors.border};
  background: transparent;
  color: ${theme.colors.textMuted};
  cursor: pointer;
  display: inline-flex;
  align-items: center;
  justify-content: center;
  border-radius: 0 ${theme.radii.sm} ${theme.radii.sm} 0;
  &:hover { color: ${theme.colors.accent}; background: ${theme.colors.accentSoft}; }
  &:focus-visible { outline: 2px solid ${theme.colors.focus}; outline-offset: -2px; }
`;

const Popover = styled.div`
  position: absolute;
  top: 100%;
  left: 0;
  z-index: ${theme.zIndex.popover};
  margin-top: -10px;
  width: 300px;
  max-width: calc(100vw - 32px);
  padding: 12px;
  background: ${theme.colors.surface};
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radii.md};
  box-shadow: ${theme.shadows.popover};
`;

const Head = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  margin-bottom: 8px;
  font-weight: 700;
`;

const NavButton = styled.button`
  width: 32px;
  height: 32px;
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radii.sm};
  background: ${theme.colors.surface};
  cursor: pointer;
  font-size: 16px;
  &:disabled { opacity: 0.35; cursor: not-allowed; }
  &:hover:not(:disabled) { border-color: ${theme.colors.accent}; color: ${theme.colors.accent}; }
  &:focus-visible { outline: 2px solid ${theme.colors.focus}; outline-offset: 1px; }
`;

const Grid = styled.table`
  width: 100%;
  border-collapse: collapse;
  th { font-size: 12px; color: ${theme.colors.textMuted}; font-weight: 600; padding: 4px 0; text-align: center; }
  td { padding: 1px; text-align: center; }
`;

const Day = styled.button<{ $selected: boolean; $today: boolean; $outside: boolean }>`
  width: 36px;
  height: 34px;
  border: 1px solid ${({ $today }) => ($today ? theme.colors.border : 'transparent')};
  border-radius: ${theme.radii.sm};
  background: ${({ $selected }) => ($selected ? theme.colors.accent : 'transparent')};
  color: ${({ $selected, $outside }) => ($selected ? '#fff' : $outside ? theme.colors.neutral : theme.colors.text)};
  font-weight: ${({ $selected }) => ($selected ? 700 : 500)};
  cursor: pointer;
  &:hover:not(:disabled) { background: ${({ $selected }) => ($selected ? theme.colors.accentHover : theme.colors.accentSoft)}; }
  &:disabled { color: ${theme.colors.border}; cursor: not-allowed; text-decoration: line-through; }
  &:focus-visible { outline: 2px solid ${theme.colors.focus}; outline-offset: 1px; }
`;

const Hint = styled.div`
  font-size: ${theme.font.size.sm};
  color: ${theme.colors.textMuted};
`;

const ErrorText = styled.div`
  color: ${theme.colors.danger};
  font-size: ${theme.font.size.sm};
`;

const KEY_FORMAT = 'YYYY-MM-DD';

/** Six weeks (Monday first) covering `month`. */
function monthGrid(month: Dayjs): Dayjs[][] {
  const first = month.startOf('month');
  const offset = (first.day() + 6) % 7;
  const start = first.subtract(offset, 'day');
  return Array.from({ length: 6 }, (_, w) => Array.from({ length: 7 }, (_, d) => start.add(w * 7 + d, 'day')));
}

/**
 * Read-only release date picker (core §2 Tab 1, §5): the field cannot be typed into, shows the
 * date as DD/MM/yyyy and opens a calendar (click, Enter, Space or ArrowDown) where days before
 * `min` are disabled. Arrow keys move by day/week, PageUp/PageDown by month, Esc closes.
 */
export function DatePickerField({ label, name, value, min, onChange, onBlur, error, hint, required }: DatePickerFieldProps) {
  const uid = useId();
  const inputId = `${name}-${uid}`;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const dialogId = `${inputId}-calendar`;
  const minDay = dayjs(min).startOf('day');
  const selected = value !== null ? dayjs(value).startOf('day') : null;
  const [open, setOpen] = useState(false);
  const [focused, setFocused] = useState<Dayjs>(selected ?? minDay);
  const inputRef = useRef<HTMLInputElement>(null);
  const popoverRef = useRef<HTMLDivElement>(null);
  const wrapRef = useRef<HTMLDivElement>(null);
  const moveFocusIntoGrid = useRef(false);

  const openCalendar = () => {
    const start = selected && !selected.isBefore(minDay) ? selected : minDay;
    setFocused(start);
    moveFocusIntoGrid.current = true;
    setOpen(true);
  };

  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) inputRef.current?.focus();
    onBlur?.();
  };

  useEffect(() => {
    if (!open) return;
    const onDown = (event: MouseEvent) => {
      if (wrapRef.current && !wrapRef.current.contains(event.target as Node)) close(false);
    };
    document.addEventListener('mousedown', onDown);
    return () => document.removeEventListener('mousedown', onDown);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the outside-click listener only follows the open state
  }, [open]);

  useEffect(() => {
    if (!open || !moveFocusIntoGrid.current) return;
    const button = popoverRef.current?.querySelector<HTMLButtonElement>(`button[data-date="${focused.format(KEY_FORMAT)}"]`);
    button?.focus();
  }, [open, focused]);

  const moveTo = (day: Dayjs) => {
    const target = day.isBefore(minDay) ? minDay : day;
    moveFocusIntoGrid.current = true;
    setFocused(target);
  };

  const choose = (day: Dayjs) => {
    if (day.isBefore(minDay)) return;
    onChange(day.startOf('day').valueOf());
    close(true);
  };

  const onGridKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const steps: Record<string, () => Dayjs> = {
      ArrowLeft: () => focused.subtract(1, 'day'),
      ArrowRight: () => focused.add(1, 'day'),
      ArrowUp: () => focused.subtract(1, 'week'),
      ArrowDown: () => focused.add(1, 'week'),
      PageUp: () => focused.subtract(1, 'month'),
      PageDown: () => focused.add(1, 'month'),
      Home: () => focused.subtract((focused.day() + 6) % 7, 'day'),
      End: () => focused.add(6 - ((focused.day() + 6) % 7), 'day'),
    };
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      close(true);
      return;
    }
    const step = steps[event.key];
    if (step && (event.target as HTMLElement).dataset.date) {
      event.preventDefault();
      moveTo(step());
    }
  };

  const onInputKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' || event.key === ' ' || event.key === 'ArrowDown') {
      event.preventDefault();
      openCalendar();
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      event.stopPropagation();
      close(true);
    }
  };

  const month = focused.startOf('month');
  const weeks = monthGrid(month);
  const canGoBack = month.isAfter(minDay.startOf('month'));
  const describedBy = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined;

  return (
    <Wrap ref={wrapRef}>
      <Label htmlFor={inputId}>
        {label}
        {required && (
          <span aria-hidden="true" style={{ color: theme.colors.danger, marginLeft: 2 }}>
            *
          </span>
        )}
      </Label>
      <Control $invalid={Boolean(error)}>
        <Input
          ref={inputRef}
          id={inputId}
          name={name}
          readOnly
          // A read-only textbox may not carry aria-expanded (axe aria-allowed-attr): it is the
          // combobox of the APG "date picker combobox" pattern, opening the calendar dialog.
          role="combobox"
          required={required}
          placeholder={DATE_FORMAT}
          value={selected ? selected.format(DATE_FORMAT) : ''}
          aria-haspopup="dialog"
          aria-expanded={open}
          aria-controls={open ? dialogId : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          onClick={() => (open ? close(false) : openCalendar())}
          onKeyDown={onInputKey}
        />
        <IconButton type="button" aria-label={RELEASE_UI.datePicker.open} tabIndex={-1} onClick={() => (open ? close(true) : openCalendar())}>
          <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" aria-hidden="true">
            <rect x="3.5" y="5" width="17" height="15" rx="2" />
            <path d="M3.5 9.5h17M8 3v4M16 3v4" />
          </svg>
        </IconButton>
      </Control>
      {open && (
        <Popover ref={popoverRef} id={dialogId} role="dialog" aria-modal="false" aria-label={RELEASE_UI.datePicker.dialogTitle} onKeyDown={onGridKey}>
          <Head>
            <NavButton
              type="button"
              aria-label={RELEASE_UI.datePicker.previousMonth}
              disabled={!canGoBack}
              onClick={() => {
                moveFocusIntoGrid.current = false;
                const prev = focused.subtract(1, 'month');
                setFocused(prev.isBefore(minDay) ? minDay : prev);
              }}
            >
              ‹
            </NavButton>
            <span aria-live="polite">{month.format('MMMM YYYY')}</span>
            <NavButton
              type="button"
              aria-label={RELEASE_UI.datePicker.nextMonth}
              onClick={() => {
                moveFocusIntoGrid.current = false;
                setFocused(focused.add(1, 'month'));
              }}
            >
              ›
            </NavButton>
          </Head>
          <Grid role="grid" aria-label={month.format('MMMM YYYY')}>
            <thead>
              <tr>
                {RELEASE_UI.datePicker.weekdays.map((d) => (
                  <th key={d} scope="col" abbr={d}>
                    {d}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {weeks.map((week) => (
                <tr key={week[0].format(KEY_FORMAT)}>
                  {week.map((day) => {
                    const key = day.format(KEY_FORMAT);
                    const isFocused = day.isSame(focused, 'day');
                    const isSelected = selected !== null && day.isSame(selected, 'day');
                    return (
                      <td key={key} role="gridcell" aria-selected={isSelected}>
                        <Day
                          type="button"
                          data-date={key}
                          tabIndex={isFocused ? 0 : -1}
                          disabled={day.isBefore(minDay)}
                          aria-label={day.format('D MMMM YYYY')}
                          aria-current={day.isSame(dayjs(), 'day') ? 'date' : undefined}
                          $selected={isSelected}
                          $today={day.isSame(dayjs(), 'day')}
                          $outside={!day.isSame(month, 'month')}
                          onClick={() => choose(day)}
                        >
                          {day.date()}
                        </Day>
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </Grid>
        </Popover>
      )}
      {hint && <Hint id={hintId}>{hint}</Hint>}
      {error && (
        <ErrorText id={errorId} role="alert">
          {error}
        </ErrorText>
      )}
    </Wrap>
  );
}
