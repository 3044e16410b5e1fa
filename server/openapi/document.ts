import { z } from 'zod';
import type { Answer, Call } from '../../src/contract/calls/declare.ts';
import { errorTypes, type ErrorType } from '../../src/contract/errors.ts';
import { errorStatus } from '../http/error-status.ts';
import entitySchemas from './entities.json' with { type: 'json' };

/**
 * The OpenAPI 3.1 document of the API, written from the calls' declarations (src/contract/calls/):
 * paths, parameters and bodies from their zod schemas (z.toJSONSchema, as a client sends them:
 * text), answers from the entities' JSON Schemas (entities.json, generated from
 * src/contract/entities.ts by scripts/openapi-entities.ts), and each call's error types under the
 * HTTP status the one status table gives them (server/http/error-status.ts).
 */

type JsonSchema = Record<string, unknown>;

const ref = (name: string): JsonSchema => ({ $ref: `#/components/schemas/${name}` });

/** A zod schema as JSON Schema for what a client sends (form fields and query values are text). */
function inputSchema(schema: z.ZodType): JsonSchema {
  const { $schema: _draft, ...rest } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any', target: 'draft-2020-12' }) as JsonSchema;
  return rest;
}

function outputSchema(schema: z.ZodType): JsonSchema {
  const { $schema: _draft, ...rest } = z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any', target: 'draft-2020-12' }) as JsonSchema;
  return rest;
}

function answerSchema(answer: Answer<unknown>): JsonSchema {
  let schema: JsonSchema;
  if (answer.schema) schema = outputSchema(answer.schema);
  else if (answer.entities && answer.entities.length > 0) schema = answer.entities.length === 1 ? ref(answer.entities[0]!) : { anyOf: answer.entities.map(ref) };
  else schema = { type: 'null' };
  if (answer.list) schema = { type: 'array', items: schema };
  if (answer.nullable && (answer.entities?.length ?? 0) > 0) schema = { anyOf: [schema, { type: 'null' }] };
  return schema;
}

/** The error types a call may answer with: those its access and inputs imply, then its own. */
export function errorsOf(call: Call): ErrorType[] {
  const implied: ErrorType[] = [];
  if (call.access !== 'anyone') implied.push('NoAuth');
  if (call.access === 'customer' || call.access === 'staff' || call.access === 'supervisor') implied.push('NotAuthorized');
  // State-changing calls come from the site's own origin (Stripe's webhook is signed instead).
  if (call.method !== 'GET' && call.path !== '/stripe/webhook') implied.push('BadOrigin');
  if (call.params) implied.push('NotFound');
  if (call.params || call.query || call.form || call.body) implied.push('BadInput');
  implied.push('DBError');
  const all = new Set<ErrorType>([...implied, ...call.errors]);
  // In the order of src/contract/errors.ts, so the document reads the same from run to run.
  return errorTypes.filter((type) => all.has(type));
}

function failureSchema(call: Call, types: ErrorType[]): JsonSchema {
  const names = { type: 'string', enum: types };
  if (call.errorShape === 'bare') {
    return { allOf: [ref('BareFailure'), { type: 'object', properties: { error: names } }] };
  }
  return { allOf: [ref('Failure'), { type: 'object', properties: { error: { type: 'object', properties: { type: names } } } }] };
}

function responsesOf(call: Call): Record<string, unknown> {
  const success = call.created ? '201' : '200';
  const responses: Record<string, unknown> = {};
  if (call.answer.file) {
    responses[success] = { description: 'The file', content: { [call.answer.file]: { schema: { type: 'string' } } } };
  } else {
    const data = call.answer.noData ? {} : { data: answerSchema(call.answer) };
    responses[success] = {
      description: call.created ? 'Created' : 'Success',
      content: {
        'application/json': {
          schema: { type: 'object', properties: { status: { const: 'success' }, ...data }, required: call.answer.noData ? ['status'] : ['status', 'data'] },
        },
      },
    };
  }
  const byStatus = new Map<number, ErrorType[]>();
  for (const type of errorsOf(call)) {
    const status = errorStatus[type];
    byStatus.set(status, [...(byStatus.get(status) ?? []), type]);
  }
  for (const [status, types] of [...byStatus].sort(([a], [b]) => a - b)) {
    responses[String(status)] = {
      description: types.join(', '),
      content: { 'application/json': { schema: failureSchema(call, types) } },
    };
  }
  return responses;
}

function parametersOf(call: Call): unknown[] {
  const parameters: unknown[] = [];
  for (const [name, schema] of Object.entries(call.params ?? {})) {
    parameters.push({ name, in: 'path', required: true, schema: inputSchema(schema) });
  }
  if (call.query) {
    const query = inputSchema(call.query) as { properties?: Record<string, JsonSchema>; required?: string[] };
    for (const [name, schema] of Object.entries(query.properties ?? {})) {
      parameters.push({ name, in: 'query', required: query.required?.includes(name) ?? false, schema });
    }
  }
  return parameters;
}

function requestBodyOf(call: Call): unknown {
  const content: Record<string, unknown> = {};
  if (call.form) {
    const schema = inputSchema(call.form);
    content['multipart/form-data'] = { schema };
    content['application/x-www-form-urlencoded'] = { schema };
  }
  if (call.body) {
    for (const type of call.body.types) content[type] = { schema: call.body.schema ? inputSchema(call.body.schema) : { type: 'string', contentMediaType: type } };
  }
  if (Object.keys(content).length === 0) return undefined;
  return { required: !call.form || call.body !== undefined, description: call.body?.description, content };
}

const ACCESS: Record<Call['access'], string> = {
  anyone: 'Anyone, signed in or not.',
  'signed-in': 'Anyone signed in.',
  customer: 'A signed-in customer.',
  staff: 'A signed-in tutor (a supervisor for any tutor’s).',
  supervisor: 'A signed-in supervisor.',
};

/** A call's resource: the first segment of its path (its tag, and its route file in server/routes/). */
export const resourceOf = (call: Call) => call.path.split('/')[1] ?? '';

function operationOf(name: string, call: Call): Record<string, unknown> {
  const notes = [call.description, `Who: ${ACCESS[call.access]}`];
  if (call.servedWhen) notes.push(`Served only with ${call.servedWhen}.`);
  if (call.errorShape === 'bare') notes.push('Its failures name the error type in `error` itself (a string), with the extra fields beside it: the way the spec’s own client reads this call.');
  const body = requestBodyOf(call);
  return {
    operationId: name,
    summary: call.summary,
    description: notes.filter(Boolean).join('\n\n'),
    tags: [resourceOf(call)],
    ...(call.access === 'anyone' ? {} : { security: [{ session: [] }] }),
    parameters: parametersOf(call),
    ...(body ? { requestBody: body } : {}),
    responses: responsesOf(call),
  };
}

/** Entities' schemas with their references pointing into the document's components. */
function entityComponents(): Record<string, JsonSchema> {
  const text = JSON.stringify(entitySchemas.definitions).replaceAll('"#/definitions/', '"#/components/schemas/');
  return JSON.parse(text) as Record<string, JsonSchema>;
}

export function openApiDocument(calls: Record<string, Call>, { serverUrl, version }: { serverUrl: string; version: string }) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [name, call] of Object.entries(calls)) {
    (paths[call.path] ??= {})[call.method.toLowerCase()] = operationOf(name, call);
  }
  return {
    openapi: '3.1.1',
    info: {
      title: 'Tutoring marketplace API',
      version,
      description:
        'Every JSON answer is an envelope: `{"status": "success", "data": …}` or `{"status": "failure", "error": {"type": …}}`, with a fitting HTTP status; read the body whatever the status. POST bodies are form fields. Times are epoch seconds, durations minutes, money cents, grade points hundredths; ids are opaque. Sign-in is a session cookie; calls that change something must come from the site’s own origin.',
    },
    servers: [{ url: `${serverUrl.replace(/\/$/, '')}/api` }],
    tags: [...new Set(Object.values(calls).map(resourceOf))].map((tag) => ({ name: tag })),
    paths,
    components: {
      securitySchemes: {
        session: { type: 'apiKey', in: 'cookie', name: '__Host-sid', description: 'The sign-in cookie a sign-in call sets (`sid` over plain http).' },
      },
      schemas: {
        ...entityComponents(),
        ErrorType: { type: 'string', enum: [...errorTypes] },
        Failure: {
          type: 'object',
          properties: {
            status: { const: 'failure' },
            error: { type: 'object', properties: { type: ref('ErrorType'), message: { type: 'string' } }, required: ['type'], additionalProperties: true },
          },
          required: ['status', 'error'],
        },
        BareFailure: {
          type: 'object',
          description: 'The failure of the calls the spec’s own client reads so: `error` is the type name, the extra fields beside it.',
          properties: { status: { const: 'failure' }, error: ref('ErrorType') },
          required: ['status', 'error'],
          additionalProperties: true,
        },
      },
    },
  };
}
