import * as yup from 'yup';
import { SERVER_MESSAGES } from '@portal/contracts';
import { DomainError } from './domain-error';

/**
 * Validate an untrusted payload with a shared yup schema (DESIGN "The server enforces every rule").
 * Returns the cast value (unknown keys stripped). On failure throws DomainError 400 with the message of
 * the first failing field in the schema's declared order, so the server reports the same first message
 * the form would (core §5 "checked in this order").
 */
export async function validateBody<S extends yup.AnyObjectSchema>(
  schema: S,
  input: unknown,
  context: Record<string, unknown> = {},
): Promise<yup.InferType<S>> {
  try {
    return await schema.validate(input ?? {}, { abortEarly: false, stripUnknown: true, context });
  } catch (e) {
    if (e instanceof yup.ValidationError) throw DomainError.badRequest(firstMessage(schema, e));
    throw e;
  }
}

/** The first error of a ValidationError in the order the schema declares its fields. */
export function firstMessage(schema: yup.AnyObjectSchema, error: yup.ValidationError): string {
  const order = Object.keys(schema.fields ?? {});
  const inner = error.inner.length ? error.inner : [error];
  const rank = (path?: string) => {
    const key = (path ?? '').split(/[.[]/)[0];
    const i = order.indexOf(key);
    return i === -1 ? order.length : i;
  };
  const sorted = [...inner].sort((a, b) => rank(a.path) - rank(b.path));
  return sorted[0]?.message || SERVER_MESSAGES.validation;
}
