import * as yup from 'yup';
import { fillMessage, findXmlForbidden, NOT_FOUND_TEST, SERVER_MESSAGES, TEXT_MESSAGES } from '@portal/contracts';
import { DomainError } from './domain-error';

/**
 * Validate an untrusted payload with a shared yup schema (DESIGN "The server enforces every rule").
 * Returns the cast value (unknown keys stripped). On failure throws DomainError 400 with the message of
 * the first failing field in the schema's declared order, so the server reports the same first message
 * the form would (core §5 "checked in this order").
 *
 * Before the schema, every string of the payload (any depth; secrets aside) is checked for characters
 * XML 1.0 cannot carry (contracts `findXmlForbidden`): such text could never reach an ERN, a bank file
 * or a CSV, so it is refused here, for every field of every body (and of what the CLI and a submission
 * re-validate), with TEXT_MESSAGES.xmlCharInvalid naming the field and the character
 * (docs/decisions/031). `xmlText: false` leaves it out: a GET query is read, never stored.
 */
/** Fields holding secrets (never written to a file): not checked for XML characters. */
const SECRET_FIELD = /password|otp|token|captcha|secret/i;

export async function validateBody<S extends yup.AnyObjectSchema>(
  schema: S,
  input: unknown,
  context: Record<string, unknown> = {},
  options: { xmlText?: boolean } = {},
): Promise<yup.InferType<S>> {
  const forbidden = options.xmlText === false ? null : findXmlForbidden(input, (field) => SECRET_FIELD.test(field));
  if (forbidden) throw DomainError.badRequest(fillMessage(TEXT_MESSAGES.xmlCharInvalid, { field: forbidden.field, code: forbidden.code }), 'validation');
  try {
    return await schema.validate(input ?? {}, { abortEarly: false, stripUnknown: true, context });
  } catch (e) {
    if (e instanceof yup.ValidationError) {
      const first = firstError(schema, e);
      // A malformed or missing id answers 404 like another user's object (contracts idField).
      const idError = e.inner.find((x) => x.type === NOT_FOUND_TEST || isIdField(schema, x.path));
      if (idError) throw DomainError.notFound(idError.message);
      throw DomainError.badRequest(first?.message || SERVER_MESSAGES.validation, 'validation');
    }
    // A value of the wrong shape (an object where a string is expected) can throw inside a transform.
    if (e instanceof TypeError) throw DomainError.badRequest(SERVER_MESSAGES.malformed, 'malformed');
    throw e;
  }
}

/** Whether the top-level field at `path` is an id (contracts `idField`): its errors answer 404. */
function isIdField(schema: yup.AnyObjectSchema, path?: string): boolean {
  const field = path ? (schema.fields?.[path] as yup.Schema | undefined) : undefined;
  return !!field && (field.describe().meta as { notFoundId?: boolean } | undefined)?.notFoundId === true;
}

/** The first error of a ValidationError in the order the schema declares its fields. */
export function firstMessage(schema: yup.AnyObjectSchema, error: yup.ValidationError): string {
  return firstError(schema, error)?.message || SERVER_MESSAGES.validation;
}

function firstError(schema: yup.AnyObjectSchema, error: yup.ValidationError): yup.ValidationError | undefined {
  const order = Object.keys(schema.fields ?? {});
  const inner = error.inner.length ? error.inner : [error];
  const rank = (path?: string) => {
    const key = (path ?? '').split(/[.[]/)[0];
    const i = order.indexOf(key);
    return i === -1 ? order.length : i;
  };
  return [...inner].sort((a, b) => rank(a.path) - rank(b.path))[0];
}
