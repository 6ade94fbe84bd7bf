import type { AnyObjectSchema } from 'yup';
import { TOOLS_MESSAGES } from '@portal/contracts';
import { schemaErrors, type FieldErrors } from '@portal/kit';

/**
 * The message the form toasts on a failed submit: the first failing field in the schema's order,
 * as the API would answer it (docs/decisions/004). "Please fill all mandatory fields" when nothing
 * more specific is known.
 */
export function firstFieldError(schema: AnyObjectSchema, errors: FieldErrors): string {
  const order = Object.keys(schema.fields ?? {});
  const keys = Object.keys(errors).sort((a, b) => rank(order, a) - rank(order, b));
  return keys.length ? errors[keys[0]] : TOOLS_MESSAGES.mandatory;
}

const rank = (order: string[], key: string) => {
  const i = order.indexOf(key.split(/[.[]/)[0]);
  return i === -1 ? order.length : i;
};

/** Run a contracts schema on a payload: its errors per field (empty when valid). */
export const validateWith = (schema: AnyObjectSchema, payload: unknown): Promise<FieldErrors> => schemaErrors(schema, payload, { now: Date.now() });
