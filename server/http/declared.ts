import type { Context, Hono, MiddlewareHandler } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { z } from 'zod';
import type { AnswerOf, Call, ParamNames } from '../../src/contract/calls/declare.ts';
import type { Refusal } from '../domain/refusal.ts';
import { failed, failedBare, ok } from './envelope.ts';
import type { AppEnv } from './sign-in.ts';
import { parseFields, parseForm, parseParam, parseQuery } from './validate.ts';

type Schema<S> = S extends z.ZodType ? z.output<S> : never;

/**
 * A call's inputs, read with the schemas its declaration names, each when the handler asks for
 * it: a handler checks the sign-in first, so that a stranger is told NoAuth whatever they send.
 */
export interface DeclaredInput<C extends Call> {
  param<N extends ParamNames<C['path']> & keyof C['params']>(name: N): Schema<NonNullable<C['params']>[N]>;
  query(): Schema<C['query']>;
  form(): Promise<Schema<C['form']>>;
  /** Fields already read (a JSON body), checked with the form's schema. */
  fields(input: Record<string, unknown>): Schema<C['form']>;
  /** The success envelope, with the declared answer's type and status (201 for a created thing). */
  answer(data: AnswerOf<C>): Response;
}

/** Hono's path for a declared one: `/tutors/{id}` → `/tutors/:id`. */
export const honoPath = (path: string) => path.replace(/\{([^}]+)\}/g, ':$1');

function inputsOf<C extends Call>(c: Context<AppEnv>, call: C): DeclaredInput<C> {
  const need = <T>(schema: T | undefined, what: string): T => {
    if (schema === undefined) throw new Error(`${call.method} ${call.path} declares no ${what}`);
    return schema;
  };
  // The schemas' output types are DeclaredInput's; the functions here read them as unknown.
  const input = {
    param: (name: string) => parseParam(c, name, need(call.params?.[name], `parameter ${name}`)),
    query: () => parseQuery(c, need(call.query, 'query')),
    form: () => parseForm(c, need(call.form, 'form')),
    fields: (fields: Record<string, unknown>) => parseFields(need(call.form, 'form'), fields),
    answer: (data: unknown) => ok(c, data, call.created ? 201 : 200),
  };
  return input as unknown as DeclaredInput<C>;
}

/**
 * Serves a declared call on `app`: its method and path route to the handler, which reads its
 * inputs through the declaration's schemas and answers its declared type.
 */
export function serve<C extends Call>(
  app: Hono<AppEnv>,
  call: C,
  handler: (c: Context<AppEnv>, input: DeclaredInput<C>) => Response | Promise<Response>,
  ...before: MiddlewareHandler<AppEnv>[]
): void {
  app.on([call.method], [honoPath(call.path)], ...before, (c) => handler(c, inputsOf(c, call)));
}

/**
 * The failure envelope of a refusal, in the shape the call it answers is declared with: bare for
 * the three calls declared `errorShape: 'bare'` (whatever refused them: the sign-in, a guard, the
 * body limit or the domain), `error: {type, …}` for every other.
 */
export function failureAnswer(calls: Record<string, Call>) {
  const bare = Object.values(calls)
    .filter((call) => call.errorShape === 'bare')
    .map((call) => ({ method: call.method, path: new RegExp(`^/api${call.path.replace(/\{[^}]+\}/g, '[^/]+')}/?$`) }));
  return (c: Context, refusal: Refusal, status?: ContentfulStatusCode) => {
    const answersBare = bare.some(({ method, path }) => method === c.req.method && path.test(c.req.path));
    return answersBare ? failedBare(c, refusal, status) : failed(c, refusal, status);
  };
}
