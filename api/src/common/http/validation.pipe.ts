import { Body, type PipeTransform, Query } from '@nestjs/common';
import type { AnyObjectSchema, InferType } from 'yup';
import { type EndpointDef, SERVER_MESSAGES } from '@portal/contracts';
import { serverEndpoint } from '@portal/contracts/server';
import { DomainError } from '../domain-error';
import { validateBody } from '../validate';

/** Deepest nesting a body may have; JSON deeper than this is refused before yup sees it. */
const MAX_DEPTH = 8;

function depthOf(value: unknown, depth = 0): number {
  if (depth > MAX_DEPTH || value === null || typeof value !== 'object') return depth;
  let max = depth;
  for (const v of Object.values(value as Record<string, unknown>)) max = Math.max(max, depthOf(v, depth + 1));
  return max;
}

/** A plain JSON object: not an array, not null, no prototype trickery. */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/**
 * The one validation step of the API (docs/decisions/004, docs/conventions.md §3): runs a shared yup schema of
 * `@portal/contracts` on the body or query, so a controller receives a typed, validated DTO.
 * - Unknown fields are dropped (`stripUnknown`), so `status`, `user_id` or identifiers sent by a client
 *   never reach an entity.
 * - A body that is not a plain object, or nested deeper than 8 levels, answers 400
 *   `SERVER_MESSAGES.bodyNotObject` / `malformed`.
 * - A failing rule answers 400 with the first failing field's spec message, in the schema's order.
 * - The server clock is the context (`now`), with `anyZone` for the release-date minimum
 *   (docs/decisions/003), since the server cannot know the browser's time zone.
 */
export class SchemaValidationPipe<S extends AnyObjectSchema> implements PipeTransform<unknown, Promise<InferType<S>>> {
  /** Top-level fields that take a scalar (string, number, boolean, date), with whether they are optional and their type. */
  private readonly scalarFields: Record<string, { optional: boolean; type: string }>;

  /** `part`: a body is checked for text XML 1.0 cannot carry (docs/decisions/031); a query is only read. */
  constructor(
    private readonly schema: S,
    private readonly part: 'body' | 'query' = 'body',
  ) {
    const fields = schema.describe().fields as Record<string, { type: string; optional: boolean }>;
    this.scalarFields = Object.fromEntries(
      Object.entries(fields)
        .filter(([, f]) => ['string', 'number', 'boolean', 'date'].includes(f.type))
        .map(([k, f]) => [k, { optional: f.optional, type: f.type }]),
    );
  }

  async transform(value: unknown): Promise<InferType<S>> {
    const input = value === undefined || value === '' ? {} : value;
    if (!isPlainObject(input)) throw DomainError.badRequest(SERVER_MESSAGES.bodyNotObject, 'body_not_object');
    if (depthOf(input) > MAX_DEPTH) throw DomainError.badRequest(SERVER_MESSAGES.malformed, 'too_deep');
    // Own enumerable keys only, onto a fresh object: `__proto__` / `constructor` keys become plain data.
    const copy: Record<string, unknown> = {};
    for (const key of Object.keys(input)) if (key !== '__proto__' && key !== 'constructor' && key !== 'prototype') copy[key] = input[key];
    for (const [key, field] of Object.entries(this.scalarFields)) {
      const value = copy[key];
      if (field.type === 'string' && typeof value === 'string') {
        copy[key] = textOf(value, field.optional);
        continue;
      }
      // A number or boolean where a required text is wanted is not that text: the field's own message.
      if (field.type === 'string' && !field.optional && value !== undefined && value !== null && typeof value !== 'object') {
        copy[key] = undefined;
        continue;
      }
      if (value === null || typeof value !== 'object') continue;
      // An object or array where the schema wants a string, number or boolean: a required field
      // answers its own (spec) message as if absent; an optional one is left to the field's own type
      // check (its message, or "Malformed request." when a transform cannot take it).
      if (!field.optional) copy[key] = undefined;
    }
    return validateBody(this.schema, copy, { now: Date.now(), anyZone: true }, { xmlText: this.part === 'body' });
  }
}

/** A lone UTF-16 surrogate: not text (MySQL's utf8mb4 cannot store it, JSON.parse lets it through). */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
/** The same, every occurrence (for replacing them; `replace` resets its lastIndex). */
const LONE_SURROGATES = new RegExp(LONE_SURROGATE.source, 'g');
/** Nothing a person typed: NULs, other control characters and white space only. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const NO_TEXT = /^[\s\u0000-\u001f\u007f]*$/;

/**
 * A string field's value before its schema runs (decision 022): a required field holding a lone
 * surrogate or only NULs/control characters/spaces counts as absent, so it answers the field's own
 * (spec) message; an optional one gets its lone surrogates replaced by U+FFFD so it can be stored.
 */
function textOf(value: string, optional: boolean): string | undefined {
  if (!optional && (LONE_SURROGATE.test(value) || (value.length > 0 && NO_TEXT.test(value)))) return undefined;
  return LONE_SURROGATE.test(value) ? value.replace(LONE_SURROGATES, '\uFFFD') : value;
}

/** The route's `body` or `query` schema from its server half (docs/decisions/014), or the schema given. */
function schemaOf(def: EndpointDef | AnyObjectSchema, part: 'body' | 'query'): AnyObjectSchema {
  if ('method' in def) {
    const schema = serverEndpoint(def)[part];
    if (!schema) throw new Error(`endpoint ${def.path} declares no ${part} schema`);
    return schema;
  }
  return def;
}

/** `@ValidBody(ENDPOINTS.x)`: the request body, validated by the endpoint's `body` schema (or a schema). */
export const ValidBody = (def: EndpointDef | AnyObjectSchema) => Body(new SchemaValidationPipe(schemaOf(def, 'body')));
/** `@ValidQuery(ENDPOINTS.x)`: the query string, validated by the endpoint's `query` schema (or a schema). */
export const ValidQuery = (def: EndpointDef | AnyObjectSchema) => Query(new SchemaValidationPipe(schemaOf(def, 'query'), 'query'));
