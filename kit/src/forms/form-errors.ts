import type { FormikErrors, FormikTouched } from 'formik';
import type { ChangeEvent, FocusEvent } from 'react';
import type { AnyObjectSchema, ValidationError } from 'yup';
import { RELEASE_MESSAGES } from '@portal/contracts';

/** Field errors keyed by field name (first message per field). */
export type FieldErrors = Record<string, string>;

/**
 * Runs a contracts schema and returns its errors per field (empty when valid), so forms show the
 * same messages the API answers with.
 */
export async function schemaErrors(schema: AnyObjectSchema, payload: unknown, context: Record<string, unknown>): Promise<FieldErrors> {
  try {
    await schema.validate(payload, { abortEarly: false, context });
    return {};
  } catch (error) {
    if (!isValidationError(error)) throw error;
    const out: FieldErrors = {};
    const all = error.inner.length > 0 ? error.inner : [error];
    for (const item of all) {
      const path = item.path ?? '';
      if (path && !(path in out)) out[path] = item.message;
      if (!path && !('' in out)) out[''] = item.message;
    }
    return out;
  }
}

/**
 * The toast for a failed form (core §5, §8): "Please fill all required fields" when something
 * required is missing, otherwise the first specific message (format, limit, date).
 */
export function formErrorToast(errors: FieldErrors): string {
  const messages = Object.values(errors);
  if (messages.length === 0 || messages.includes(RELEASE_MESSAGES.requiredFields)) return RELEASE_MESSAGES.requiredFields;
  return messages[0];
}

/**
 * yup's ValidationError, recognised by its shape (as yup's own `ValidationError.isError` does) rather
 * than by class: this module then loads no yup, so a page whose forms load their rules lazily (/login,
 * issue 40 §2) does not fetch yup with its first paint.
 */
export function isValidationError(error: unknown): error is ValidationError {
  return typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'ValidationError' && Array.isArray((error as { inner?: unknown }).inner);
}

/**
 * Props of a text or select field bound to formik: `{ name, value, onChange, onBlur, error }`, the
 * error as `fieldError()` shows it. `<TextField label=... {...fieldProps(formik, 'title')} />`.
 */
export function fieldProps<V>(
  formik: {
    values: V;
    touched: FormikTouched<V>;
    errors: FormikErrors<V>;
    submitCount: number;
    setFieldValue(field: string, value: unknown, shouldValidate?: boolean): unknown;
    handleBlur(e: FocusEvent<unknown>): void;
  },
  name: keyof V & string,
  errors?: FieldErrors,
) {
  const value = formik.values[name];
  return {
    name,
    value: value === null || value === undefined ? '' : String(value),
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) => formik.setFieldValue(name, textOf(event)),
    onBlur: formik.handleBlur,
    error: fieldError(formik, name, errors),
  };
}

/**
 * The value a text, number or select control holds, always as the string the browser shows.
 * formik's own `handleChange` stores `<input type="number">` as a number (typing "2024" or pressing an
 * arrow key), and every form value of the portal is a string its schema reads (docs/decisions/017).
 */
export function textOf(event: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>): string {
  return String(event.target.value ?? '');
}

/**
 * The error a formik field shows: its message once the field was touched or the form submitted, else
 * undefined. `errors` replaces formik's own errors when the form checks itself with `schemaErrors()`.
 * `fieldError(formik, 'email')` → `'Invalid Email.' | undefined`.
 */
export function fieldError<V>(
  formik: { touched: FormikTouched<V>; errors: FormikErrors<V>; submitCount: number },
  name: keyof V & string,
  errors?: FieldErrors,
): string | undefined {
  if (!formik.touched[name] && formik.submitCount === 0) return undefined;
  const error = errors ? errors[name] : formik.errors[name];
  return typeof error === 'string' ? error : undefined;
}

