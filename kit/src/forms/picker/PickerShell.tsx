import { Suspense, useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { ErrorText, FieldWrap, Label, RequiredMark } from '../field.styles';
import { Control, Hint, IconButton, Input, Popover } from './picker.styles';

export type PickerShellProps = {
  label: string;
  name: string;
  /** The chosen value as shown in the read-only field ('' when none). */
  text: string;
  placeholder: string;
  /** Accessible names of the calendar button and of the popover dialog. */
  openLabel: string;
  dialogLabel: string;
  error?: string;
  hint?: string;
  required?: boolean;
  onBlur?(): void;
  /** Starts loading the calendar's code (called when the pointer enters the field or it takes focus). */
  preload?(): void;
  /** The calendar; `close(true)` closes it and gives focus back to the field. */
  children(close: (returnFocus: boolean) => void): ReactNode;
};

/**
 * A read-only field that opens a calendar popover (the APG "date picker combobox" pattern): the field
 * cannot be typed into; click, Enter, Space or ArrowDown open the popover (which takes focus), Esc
 * or a click outside closes it, and `onBlur` runs on every close so a form marks the field touched.
 * The calendar itself is a lazy chunk (`children` renders it under Suspense), fetched when the pointer
 * enters the field or the field takes focus, so a page's first load does not carry it
 * (docs/decisions/010 first load); the dialog appears once its calendar is there.
 */
export function PickerShell({ label, name, text, placeholder, openLabel, dialogLabel, error, hint, required, onBlur, preload, children }: PickerShellProps) {
  const uid = useId();
  const inputId = `${name}-${uid}`;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const dialogId = `${inputId}-calendar`;
  const [open, setOpen] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const wrapRef = useRef<HTMLDivElement>(null);

  // Focus goes back to the field after the popover has closed (an effect: `close` runs during render
  // when handed to the calendar, so it only sets state).
  const [focusBack, setFocusBack] = useState(0);
  useEffect(() => {
    if (focusBack) inputRef.current?.focus();
  }, [focusBack]);

  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) setFocusBack((n) => n + 1);
    onBlur?.();
  };

  useEffect(() => {
    if (!open) return;
    const onDown = (event: MouseEvent) => {
      if (wrapRef.current && !wrapRef.current.contains(event.target as Node)) close(false);
    };
    document.addEventListener('mousedown', onDown);
    return () => document.removeEventListener('mousedown', onDown);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  const onInputKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' || event.key === ' ' || event.key === 'ArrowDown') {
      event.preventDefault();
      setOpen(true);
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      event.stopPropagation();
      close(false);
    }
  };

  const onPopoverKey = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    event.stopPropagation();
    close(true);
  };

  const describedBy = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined;

  return (
    <FieldWrap ref={wrapRef} style={{ position: 'relative' }}>
      <Label htmlFor={inputId}>
        {label}
        {required && <RequiredMark aria-hidden="true">*</RequiredMark>}
      </Label>
      {/* Fetch the calendar's chunk on intent, so the page's first load does not carry it. */}
      <Control $invalid={Boolean(error)} onPointerEnter={preload} onFocus={preload}>
        <Input
          ref={inputRef}
          id={inputId}
          name={name}
          readOnly
          // A read-only textbox may not carry aria-expanded (axe aria-allowed-attr): it is the
          // combobox of the APG "date picker combobox" pattern, opening the calendar dialog.
          role="combobox"
          required={required}
          placeholder={placeholder}
          value={text}
          aria-haspopup="dialog"
          aria-expanded={open}
          aria-controls={open ? dialogId : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          onClick={() => (open ? close(false) : setOpen(true))}
          onKeyDown={onInputKey}
        />
        <IconButton type="button" aria-label={openLabel} tabIndex={-1} onClick={() => (open ? close(true) : setOpen(true))}>
          <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" aria-hidden="true">
            <rect x="3.5" y="5" width="17" height="15" rx="2" />
            <path d="M3.5 9.5h17M8 3v4M16 3v4" />
          </svg>
        </IconButton>
      </Control>
      {open && (
        // The dialog appears with its calendar, never empty: Suspense sits outside it.
        <Suspense fallback={null}>
          <Popover id={dialogId} role="dialog" aria-modal="false" aria-label={dialogLabel} onKeyDown={onPopoverKey}>
            {children(close)}
          </Popover>
        </Suspense>
      )}
      {hint && <Hint id={hintId}>{hint}</Hint>}
      {error && (
        <ErrorText id={errorId} role="alert">
          {error}
        </ErrorText>
      )}
    </FieldWrap>
  );
}
