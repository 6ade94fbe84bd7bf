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
 * yup's ValidationError, recognised by name: the schemas come from the shared @portal/contracts,
 * which may be the host's copy with its own yup, so `instanceof` is not reliable here.
 */
export function isValidationError(error: unknown): error is ValidationError {
  return typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'ValidationError';
}

