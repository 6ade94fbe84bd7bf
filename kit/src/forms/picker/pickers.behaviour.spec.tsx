/**
 * @jest-environment jsdom
 */
import { useState } from 'react';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import dayjs from 'dayjs';
import { RELEASE_UI } from '@portal/contracts';
import { DatePickerField } from '../DatePickerField';
import { MonthPickerField } from '../MonthPickerField';

const T = RELEASE_UI.datePicker;
const dayName = (d: dayjs.Dayjs) => d.format('D MMMM YYYY');
/** The calendars are lazy chunks: their first import (compiled by ts-jest on a busy machine) may take seconds. */
const LOAD = { timeout: 15_000 };
jest.setTimeout(60_000);
const active = () => document.activeElement as HTMLElement;
const key = (el: Element, k: string, init: Partial<KeyboardEventInit> = {}) => act(() => void fireEvent.keyDown(el, { key: k, ...init }));

/** A form's owner of the value, as the wizard holds it (epoch ms or null). */
function ReleaseDate({ min, initial = null, onChange }: { min: number; initial?: number | null; onChange?(ms: number): void }) {
  const [value, setValue] = useState<number | null>(initial);
  const [touched, setTouched] = useState(0);
  return (
    <>
      <DatePickerField
        label="Release date"
        name="release_date"
        required
        value={value}
        min={min}
        onChange={(ms) => {
          setValue(ms);
          onChange?.(ms);
        }}
        onBlur={() => setTouched((n) => n + 1)}
      />
      <output data-testid="touched">{touched}</output>
    </>
  );
}

// Core §2 Tab 1 / §5: read-only, DD/MM/yyyy, minimum today plus 6 days.
describe('DatePickerField (react-day-picker): the release date picker', () => {
  const min = dayjs().add(6, 'day').startOf('day');

  it('is a read-only combobox with the DD/MM/yyyy placeholder, showing a chosen date as DD/MM/yyyy', () => {
    const chosen = min.add(3, 'day');
    render(<ReleaseDate min={min.valueOf()} initial={chosen.valueOf()} />);
    const input = screen.getByRole('combobox', { name: /Release date/ }) as HTMLInputElement;
    expect(input.readOnly).toBe(true);
    expect(input.placeholder).toBe('DD/MM/YYYY');
    expect(input.value).toBe(chosen.format('DD/MM/YYYY'));
    expect(input.getAttribute('aria-expanded')).toBe('false');
  });

  it('opens with Enter on the field, focuses the minimum day, disables earlier days, moves with arrows and PageDown, and chooses the focused day', async () => {
    const onChange = jest.fn();
    render(<ReleaseDate min={min.valueOf()} onChange={onChange} />);
    const input = screen.getByRole('combobox', { name: /Release date/ }) as HTMLInputElement;
    input.focus();
    key(input, 'Enter');
    const dialog = await screen.findByRole('dialog', { name: T.dialogTitle }, LOAD);
    expect(input.getAttribute('aria-expanded')).toBe('true');
    await waitFor(() => expect(active().getAttribute('aria-label')).toBe(dayName(min)));
    const before = screen.queryByRole('button', { name: dayName(min.subtract(1, 'day')) });
    if (before) expect((before as HTMLButtonElement).disabled).toBe(true);

    key(active(), 'ArrowRight');
    await waitFor(() => expect(active().getAttribute('aria-label')).toBe(dayName(min.add(1, 'day'))));
    key(active(), 'ArrowDown');
    await waitFor(() => expect(active().getAttribute('aria-label')).toBe(dayName(min.add(8, 'day'))));
    key(active(), 'PageDown');
    const target = min.add(8, 'day').add(1, 'month');
    await waitFor(() => expect(active().getAttribute('aria-label')).toBe(dayName(target)));
    expect(dialog.contains(active())).toBe(true);

    // Enter on a focused button is the browser's click.
    act(() => active().click());
    expect(onChange).toHaveBeenCalledWith(target.valueOf());
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(input);
    expect(input.value).toBe(target.format('DD/MM/YYYY'));
    expect(screen.getByTestId('touched').textContent).toBe('1');
  });

  it('never goes before the minimum: ArrowLeft from the minimum day stays on it and the previous month is unreachable', async () => {
    render(<ReleaseDate min={min.valueOf()} />);
    const input = screen.getByRole('combobox', { name: /Release date/ });
    act(() => void fireEvent.click(input));
    await screen.findByRole('dialog', { name: T.dialogTitle }, LOAD);
    await waitFor(() => expect(active().getAttribute('aria-label')).toBe(dayName(min)));
    key(active(), 'ArrowLeft');
    // Kept on purpose: a while in which the focus must NOT move (an absence has no condition to wait for).
    await new Promise((r) => setTimeout(r, 20));
    expect(active().getAttribute('aria-label')).toBe(dayName(min));
    expect(screen.getByRole('button', { name: T.previousMonth }).getAttribute('aria-disabled')).toBe('true');
  });

  it('closes with Esc, giving focus back to the field, without changing the value', async () => {
    const onChange = jest.fn();
    render(<ReleaseDate min={min.valueOf()} onChange={onChange} />);
    const input = screen.getByRole('combobox', { name: /Release date/ }) as HTMLInputElement;
    input.focus();
    key(input, 'ArrowDown');
    await screen.findByRole('dialog', { name: T.dialogTitle }, LOAD);
    await waitFor(() => expect(active().getAttribute('aria-label')).toBe(dayName(min)));
    key(active(), 'Escape');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(input);
    expect(onChange).not.toHaveBeenCalled();
    expect(input.value).toBe('');
  });

  it('a click on the next month button shows the next month', async () => {
    render(<ReleaseDate min={min.valueOf()} />);
    act(() => void fireEvent.click(screen.getByRole('combobox', { name: /Release date/ })));
    const dialog = await screen.findByRole('dialog', { name: T.dialogTitle }, LOAD);
    const next = min.add(1, 'month').date(15);
    act(() => void fireEvent.click(screen.getByRole('button', { name: T.nextMonth })));
    expect(dialog.querySelector(`[aria-label="${dayName(next)}"]`)).not.toBeNull();
  });
});

const LABELS = { open: 'Open month picker', dialogTitle: 'Choose a month', previousYear: 'Previous year', nextYear: 'Next year' };

function Month({ initial = '', max, onChange }: { initial?: string; max?: string; onChange?(v: string): void }) {
  const [value, setValue] = useState(initial);
  return (
    <MonthPickerField
      label="Start Month"
      name="start_date"
      value={value}
      max={max}
      displayFormat="MMM/YYYY"
      placeholder="MMM/yyyy"
      labels={LABELS}
      onChange={(v) => {
        setValue(v);
        onChange?.(v);
      }}
    />
  );
}

// Areas §2 "Reports": Start Month and End Month pickers (year and month); no month in the future.
describe('MonthPickerField: the reports month picker', () => {
  it('is read-only, shows MMM/yyyy, disables months after max and chooses with the keyboard as "YYYY-MM"', async () => {
    const onChange = jest.fn();
    render(<Month initial="2025-06" max="2025-08" onChange={onChange} />);
    const input = screen.getByRole('combobox', { name: /Start Month/ }) as HTMLInputElement;
    expect(input.readOnly).toBe(true);
    expect(input.value).toBe('Jun/2025');
    input.focus();
    key(input, 'Enter');
    await screen.findByRole('dialog', { name: LABELS.dialogTitle }, LOAD);
    await waitFor(() => expect(active().getAttribute('aria-label')).toBe('Jun 2025'));
    expect((screen.getByRole('button', { name: 'Sep 2025' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: LABELS.nextYear }) as HTMLButtonElement).disabled).toBe(true);

    key(active(), 'ArrowDown'); // +3 months, past max: held at August
    await waitFor(() => expect(active().getAttribute('aria-label')).toBe('Aug 2025'));
    key(active(), 'PageUp');
    await waitFor(() => expect(active().getAttribute('aria-label')).toBe('Aug 2024'));
    key(active(), 'ArrowLeft');
    await waitFor(() => expect(active().getAttribute('aria-label')).toBe('Jul 2024'));
    act(() => active().click());
    expect(onChange).toHaveBeenCalledWith('2024-07');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(input);
    expect(input.value).toBe('Jul/2024');
  });

  it('starts empty with the MMM/yyyy placeholder and closes with Esc', async () => {
    const onChange = jest.fn();
    render(<Month onChange={onChange} />);
    const input = screen.getByRole('combobox', { name: /Start Month/ }) as HTMLInputElement;
    expect(input.value).toBe('');
    expect(input.placeholder).toBe('MMM/yyyy');
    act(() => void fireEvent.click(input));
    await screen.findByRole('dialog', { name: LABELS.dialogTitle }, LOAD);
    await waitFor(() => expect(active().getAttribute('aria-label')).toBe(dayjs().format('MMM YYYY')));
    key(active(), 'Escape');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(onChange).not.toHaveBeenCalled();
  });
});
