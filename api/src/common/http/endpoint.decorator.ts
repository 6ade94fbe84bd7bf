import { applyDecorators, Get, HttpCode, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiConsumes, ApiHeader, ApiOperation, ApiParam, ApiProduces, ApiQuery, ApiResponse, ApiTags } from '@nestjs/swagger';
import { convertSchema } from '@sodaru/yup-to-json-schema';
import type { AnyObjectSchema, Schema } from 'yup';
import type { EndpointDef } from '@portal/contracts';
import { Public, RequireTokenKind } from '../auth.decorators';

type JsonSchema = Record<string, unknown>;

/**
 * OpenAPI 3.0 schema of a yup schema, for the document at /api/docs: yup-to-json-schema gives JSON
 * Schema 2020-12, whose `type: [T, 'null']` and numeric `exclusiveMinimum` become 3.0's `nullable` and
 * boolean `exclusiveMinimum`. `meta({ description })` becomes the description.
 */
export function jsonSchemaOf(schema: Schema): JsonSchema {
  return toOpenApi30(JSON.parse(JSON.stringify(convertSchema(schema as AnyObjectSchema))) as JsonSchema);
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

const errorEnvelope = (status: number): JsonSchema => ({
  type: 'object',
  required: ['status', 'message'],
  properties: {
    status: { type: 'integer', example: status === 401 ? 0 : status },
    message: { type: 'string' },
    code: { type: 'string', description: 'stable machine-readable code' },
    request_id: { type: 'string' },
  },
});

function successEnvelope(def: EndpointDef): JsonSchema {
  const properties: Record<string, unknown> = { status: { type: 'integer', example: 200 }, message: { type: 'string' } };
  if (def.response) properties.body = def.list ? { type: 'array', items: jsonSchemaOf(def.response) } : jsonSchemaOf(def.response);
  if (def.list) properties.total = { type: 'integer', minimum: 0 };
  for (const [name, type] of Object.entries(def.fields ?? {})) properties[name] = { type };
  return { type: 'object', required: ['status', 'message'], properties };
}

/**
 * Route, guard metadata and OpenAPI documentation of one endpoint of the contracts' wire map (docs/decisions/004):
 * `@Endpoint(RELEASE_ENDPOINTS.createReleaseInfo)`. Applies `@Get`/`@Post` with the map's path (POST
 * answers 200), `@Public()` or `@RequireTokenKind('reset')` by `access`, and documents the request
 * schema (required fields marked), the success envelope with its body schema, and every error answer.
 * Public operations declare `security: []`.
 */
export function Endpoint(def: EndpointDef): MethodDecorator {
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
  } else if (def.body) {
    decorators.push(ApiBody({ required: true, schema: jsonSchemaOf(def.body) as never }));
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
  } else {
    decorators.push(ApiResponse({ status: 200, description: 'Success envelope.', schema: successEnvelope(def) as never }));
  }
  const errors = new Set(def.errors);
  if (def.access !== 'public') errors.add(401);
  for (const status of [...errors].sort((a, b) => a - b)) {
    decorators.push(ApiResponse({ status, description: ERROR_TEXT[status] ?? 'Error envelope.', schema: errorEnvelope(status) as never }));
  }
  return applyDecorators(...decorators);
}
