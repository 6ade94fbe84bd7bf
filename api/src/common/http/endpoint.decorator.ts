import { applyDecorators, Get, HttpCode, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiConsumes, ApiHeader, ApiOperation, ApiParam, ApiProduces, ApiQuery, ApiResponse, ApiTags } from '@nestjs/swagger';
import { convertSchema } from '@sodaru/yup-to-json-schema';
import type { AnyObjectSchema, Schema } from 'yup';
import type { EndpointDef, EndpointMethod, Envelope } from '@portal/contracts';
import { serverEndpoint, type ServerEndpoint } from '@portal/contracts/server';
import { Public, RequireTokenKind } from '../auth.decorators';

type JsonSchema = Record<string, unknown>;

/**
 * OpenAPI 3.0 schema of a yup schema, for the document at /api/docs: yup-to-json-schema gives JSON
 * Schema 2020-12, whose `type: [T, 'null']` and numeric `exclusiveMinimum` become 3.0's `nullable` and
 * boolean `exclusiveMinimum`. `meta({ description })` becomes the description.
 */
export function jsonSchemaOf(schema: Schema, value?: Record<string, unknown>): JsonSchema {
  return toOpenApi30(JSON.parse(JSON.stringify(convertSchema(schema as AnyObjectSchema, value ? { value } : undefined))) as JsonSchema);
}

/**
 * The OpenAPI schema of a body with several shapes (`bodyShapes` of its server entry): a `oneOf` of the
 * body schema resolved with each shape's value (yup `when` conditions), each titled, its `required`
 * completed, and `payout_method`-style selector fields narrowed to the shape's value (`enum`); the
 * fields every shape requires are required at the top too.
 */
function shapedBodySchema(body: Schema, shapes: NonNullable<ServerEndpoint['bodyShapes']>): JsonSchema {
  const oneOf = shapes.map((shape) => {
    const s = jsonSchemaOf(body, shape.value) as { required?: string[]; properties?: Record<string, JsonSchema> };
    const properties = { ...(s.properties ?? {}) };
    for (const [k, v] of Object.entries(shape.value)) if (properties[k] && typeof v === 'string') properties[k] = { ...properties[k], enum: [v] };
    return { ...s, title: shape.title, properties, required: [...new Set([...(s.required ?? []), ...(shape.required ?? [])])] };
  });
  const common = oneOf.map((s) => s.required).reduce((a, b) => a.filter((k) => b.includes(k)));
  return { type: 'object', required: common, oneOf };
}

function toOpenApi30(node: JsonSchema): JsonSchema {
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === 'type' && Array.isArray(value)) {
      const types = value.filter((t) => t !== 'null');
      out.type = types[0] ?? 'string';
      if (types.length < value.length) out.nullable = true;
    } else if ((key === 'exclusiveMinimum' || key === 'exclusiveMaximum') && typeof value === 'number') {
      out[key === 'exclusiveMinimum' ? 'minimum' : 'maximum'] = value;
      out[key] = true;
    } else if (key === 'properties' && value && typeof value === 'object') {
      out.properties = Object.fromEntries(Object.entries(value as Record<string, JsonSchema>).map(([k, v]) => [k, toOpenApi30(v)]));
    } else if (key === 'items' && value && typeof value === 'object' && !Array.isArray(value)) {
      out.items = toOpenApi30(value as JsonSchema);
    } else if (key === 'enum' && Array.isArray(value)) {
      out.enum = value.filter((v) => v !== null && v !== undefined);
    } else if (key === '$schema' || key === 'default') {
      continue;
    } else {
      out[key] = value;
    }
  }
  return out;
}

const ERROR_TEXT: Record<number, string> = {
  400: 'A rule of the spec is broken: the message is the spec’s text (first failing field, in the spec’s order).',
  401: 'Missing, bad or expired token: HTTP 401 with envelope status 0 (session over).',
  403: 'Away mode, a revoked user, or a missing role (the message says which).',
  404: 'Not found, or another user’s object.',
  409: 'The object is not in a state that allows this (already submitted, not editable...).',
  413: 'The upload or body is larger than allowed.',
  415: 'The upload’s bytes are not of an accepted type.',
  416: 'The Range lies outside the file.',
  422: 'The request is well formed but cannot be processed.',
  429: 'Too many requests: try again later.',
  503: 'A dependency (the database) is unavailable: retry later.',
};

/**
 * The stable `code` of each error status that every operation answering it may give (the exception
 * filter's and DomainError's defaults); an operation adds its own (`codes` of its server entry).
 */
export const STATUS_CODES: Record<number, string[]> = {
  400: ['bad_request', 'validation', 'malformed'],
  401: ['session_over'],
  403: ['forbidden'],
  404: ['not_found'],
  409: ['conflict'],
  413: ['too_large'],
  415: ['unsupported_type'],
  416: ['range_not_satisfiable'],
  422: ['unprocessable'],
  429: ['too_many_requests'],
  // A dependency did not answer: the database, or Redis (shared counters, the job queue) with Retry-After.
  503: ['unavailable', 'redis_unavailable'],
};

/** The codes one operation may answer with `status`: the status's own, the validation pipe's, the operation's. */
export function errorCodesOf(def: ServerEndpoint, status: number): string[] {
  const codes = new Set(STATUS_CODES[status] ?? ['error']);
  if (status === 400 && (def.body || def.query)) for (const code of ['body_not_object', 'too_deep']) codes.add(code);
  for (const code of def.codes?.[status] ?? []) codes.add(code);
  return [...codes];
}

const errorEnvelope = (status: number, codes: string[]): JsonSchema => ({
  type: 'object',
  required: ['status', 'message', 'code'],
  properties: {
    status: { type: 'integer', example: status === 401 ? 0 : status },
    message: { type: 'string', description: 'the spec’s text, for people; branch on `code`' },
    code: { type: 'string', enum: codes, description: 'stable machine-readable code: clients branch on it, never on the message' },
    request_id: { type: 'string' },
  },
});

/** The answer of a status report at an error status (`reportStatuses`): `{ status, message, body }`, no `code`. */
const reportEnvelope = (status: number, body: JsonSchema): JsonSchema => ({
  type: 'object',
  required: ['status', 'message', 'body'],
  properties: { status: { type: 'integer', example: status }, message: { type: 'string' }, body, request_id: { type: 'string' } },
});

function successEnvelope(def: ServerEndpoint): JsonSchema {
  const properties: Record<string, unknown> = { status: { type: 'integer', example: 200 }, message: { type: 'string' } };
  // The hand-written yup documentation where there is one, else the schema of the route's response type.
  const body = def.response ? jsonSchemaOf(def.response) : def.responseSchema;
  if (body) properties.body = def.list ? { type: 'array', items: body } : body;
  if (def.list) properties.total = { type: 'integer', minimum: 0 };
  for (const [name, type] of Object.entries(def.fields ?? {})) properties[name] = { type };
  return { type: 'object', required: ['status', 'message'], properties };
}

/**
 * Route, guard metadata and OpenAPI documentation of one endpoint of the contracts' wire map
 * (docs/decisions/004, 014): `@Endpoint(RELEASE_ENDPOINTS.createReleaseInfo)` takes the browser's route
 * and finds its server half (`@portal/contracts/server`: summary, schemas, errors, codes). Applies `@Get`/`@Post` with the map's path (POST
 * answers 200), `@Public()` or `@RequireTokenKind('reset')` by `access`, and documents the request
 * schema (required fields marked), the success envelope with its body schema, and every error answer.
 * Public operations declare `security: []`.
 *
 * The decorated handler's answer is tied to the route's response type (docs/decisions/014, "Answers
 * typed by the route"): a route whose `Res` is a type must answer `ok(message, { body })` with a `body`
 * of that type (or a promise of it), so an answer that drifts from what OpenAPI documents does not
 * compile. A route answering no body (`Res` undefined: most POSTs, the file routes) is not constrained.
 */
export function Endpoint<Req, Res, M extends EndpointMethod>(route: EndpointDef<Req, Res, M>): EndpointDecorator<Res> {
  const def = serverEndpoint(route);
  const decorators: Array<ClassDecorator | MethodDecorator | PropertyDecorator> = [];
  decorators.push(def.method === 'GET' ? Get(def.path) : Post(def.path));
  if (def.method === 'POST') decorators.push(HttpCode(200));
  decorators.push(ApiTags(def.tag));
  const operationId = def.path.replace(/[^A-Za-z0-9]+(.)?/g, (_, c: string | undefined) => (c ? c.toUpperCase() : ''));
  const description = def.description ?? def.summary;
  if (def.access === 'public') {
    decorators.push(Public(), ApiOperation({ summary: def.summary, description, operationId, security: [] }));
  } else {
    decorators.push(ApiBearerAuth(), ApiOperation({ summary: def.summary, description, operationId }));
    if (def.access === 'reset') decorators.push(RequireTokenKind('reset'));
  }
  for (const name of def.path.match(/:([A-Za-z_]+)/g) ?? []) decorators.push(ApiParam({ name: name.slice(1), required: true, schema: { type: 'string' } }));
  if (def.multipart) {
    decorators.push(
      ApiConsumes('multipart/form-data'),
      ApiBody({ schema: { type: 'object', required: [def.multipart.field], properties: { [def.multipart.field]: { type: 'string', format: 'binary' } } } }),
    );
  } else if (def.rawBody) {
    decorators.push(ApiConsumes(...def.rawBody), ApiBody({ required: true, schema: { type: 'string', format: 'binary' } }));
  } else if (def.body) {
    decorators.push(ApiBody({ required: true, schema: (def.bodyShapes?.length ? shapedBodySchema(def.body, def.bodyShapes) : jsonSchemaOf(def.body)) as never }));
  }
  if (def.query) {
    const schema = jsonSchemaOf(def.query) as { properties?: Record<string, JsonSchema>; required?: string[] };
    for (const [name, prop] of Object.entries(schema.properties ?? {})) {
      decorators.push(ApiQuery({ name, required: (schema.required ?? []).includes(name), schema: prop as never }));
    }
  }
  for (const header of def.headers ?? []) decorators.push(ApiHeader({ name: header.name, required: header.required, description: header.description }));
  if (def.file) {
    decorators.push(ApiProduces('application/octet-stream'), ApiResponse({ status: 200, description: 'The file’s bytes.', content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } } }));
  } else if (def.unenveloped) {
    decorators.push(ApiResponse({ status: 200, description: 'The answer itself (not enveloped).', schema: (def.response ? jsonSchemaOf(def.response) : { type: 'object' }) as never }));
  } else {
    decorators.push(ApiResponse({ status: 200, description: 'Success envelope.', schema: successEnvelope(def) as never }));
  }
  const errors = new Set(def.errors);
  if (def.access !== 'public') errors.add(401);
  for (const status of [...errors].sort((a, b) => a - b)) {
    // Errors answer the JSON envelope even where success is a file (explicit content type, not the operation's `produces`).
    // A status report (health's 503) answers the success envelope's shape with its status, and no code.
    const report = def.reportStatuses?.includes(status) && def.response;
    const schema = (report ? reportEnvelope(status, jsonSchemaOf(def.response!)) : errorEnvelope(status, errorCodesOf(def, status))) as never;
    decorators.push(ApiResponse({ status, description: ERROR_TEXT[status] ?? 'Error envelope.', content: { 'application/json': { schema } } }));
  }
  // Types only: the decorator Nest applies is the same; the cast adds the compile-time check of the answer.
  return applyDecorators(...decorators) as EndpointDecorator<Res>;
}

/**
 * What a handler of a route with response type `Res` may answer (docs/decisions/014): the success
 * envelope with `body` present and of type `Res`. Unconstrained when the route answers no body (`Res`
 * undefined or void: a message-only envelope, a file, a redirect) or declares no type (`unknown`: the
 * captcha challenge, answered raw for the widget).
 */
export type EndpointAnswer<Res> = [Res] extends [undefined | void] ? unknown : unknown extends Res ? unknown : Envelope<Res> & { body: Res };

/** A method decorator that accepts only a handler answering `EndpointAnswer<Res>` or a promise of it. */
export type EndpointDecorator<Res> = <H extends (...args: never[]) => EndpointAnswer<Res> | Promise<EndpointAnswer<Res>>>(
  target: object,
  key: string | symbol,
  descriptor: TypedPropertyDescriptor<H>,
) => void;
