/**
 * How a call of the API is declared: its method and path, who may make it, its inputs (path
 * parameters, query, form fields, or a raw body), its answer and the error types it may answer
 * with. The server routes and validates from a declaration (server/http/declared.ts), the OpenAPI
 * document is written from all of them (server/http/openapi/document.ts), and the browser client
 * takes its paths' and answers' types from them (src/api/http.ts), importing types only, so that
 * no schema reaches a page it does not already.
 */
import type { z } from 'zod';
import type { ErrorType } from '../errors.ts';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Who may make the call: anyone; any signed-in person; a customer; a tutor (staff: tutors and
 * supervisors); a supervisor. The document adds the refusals each implies (NoAuth, NotAuthorized).
 */
export type Access = 'anyone' | 'signed-in' | 'customer' | 'staff' | 'supervisor';

/**
 * What a successful call answers in `data`. The answer's type is the type parameter (a phantom
 * the client reads); what the document says of it is a named entity of src/contract/entities.ts
 * (its JSON Schema generated from the TypeScript: scripts/openapi-entities.ts), a zod schema for
 * the small answers no entity names, `null`, or a file that is not JSON.
 */
export interface Answer<T> {
  /** Names of entities in src/contract/entities.ts; several: any one of them. */
  readonly entities?: readonly string[];
  readonly list?: boolean;
  readonly nullable?: boolean;
  readonly schema?: z.ZodType;
  /** `{"status": "success"}` with no `data` (POST /api/login, as the spec's client expects). */
  readonly noData?: boolean;
  /** Not an envelope: a file of this media type (calendar entries). */
  readonly file?: string;
  /** Only for the type: never set. */
  readonly __answer?: T;
}

/** An entity, or any one of several (`T` is the TypeScript type of the same name). */
export const entity = <T>(...names: string[]): Answer<T> => ({ entities: names });
/** A list of an entity (or of any one of several). */
export const listOf = <T>(...names: string[]): Answer<T[]> => ({ entities: names, list: true });
/** An entity, or null (a tutor the viewer may not see). */
export const entityOrNull = <T>(...names: string[]): Answer<T | null> => ({ entities: names, nullable: true });
/** A small answer no entity names, described by its zod schema. */
export const shape = <S extends z.ZodType>(schema: S): Answer<z.output<S>> => ({ schema });
/** `data: null`. */
export const nothing: Answer<null> = { nullable: true };
export const noData: Answer<undefined> = { noData: true };
export const file = (mediaType: string): Answer<string> => ({ file: mediaType });

/** A raw request body instead of form fields: its media types and what it holds. */
export interface RawBody {
  readonly types: readonly string[];
  readonly description: string;
  /** The body's JSON shape, for a JSON body. */
  readonly schema?: z.ZodType;
}

export interface Call {
  readonly method: Method;
  /** Below /api, with `{name}` for each path parameter (OpenAPI's way). */
  readonly path: string;
  readonly summary: string;
  readonly description?: string;
  readonly access: Access;
  readonly params?: Readonly<Record<string, z.ZodType>>;
  readonly query?: z.ZodType;
  /** Form fields: multipart/form-data or application/x-www-form-urlencoded. */
  readonly form?: z.ZodType;
  readonly body?: RawBody;
  readonly answer: Answer<unknown>;
  /** 201 for a call that creates something; 200 otherwise. */
  readonly created?: boolean;
  /** The error types this call's own rules answer with, beyond those its access and inputs imply. */
  readonly errors: readonly ErrorType[];
  /**
   * 'bare': `error` is the type name itself, the extra fields beside it in the envelope. Three
   * calls answer so, the way the spec's own client reads them (CONTRACT.md, "Envelope and
   * encodings"); every other call answers `error: {type, …}`.
   */
  readonly errorShape?: 'bare';
  /** Served only in some configurations (the demo's payment stand-in, Stripe's webhook). */
  readonly servedWhen?: string;
}

/** Declares a call, keeping its method and path as literal types for the client. */
export const declare = <const C extends Call>(call: C): C => call;

/** The type of a call's answer (`data` of its success envelope). */
export type AnswerOf<C extends Call> = C['answer'] extends Answer<infer T> ? T : never;

/** `METHOD /path` of a call, as the client names it. */
export type RouteOf<C extends Call> = `${C['method']} ${C['path']}`;

/** The path parameters' names of a path: `/tutors/{id}/days-off/{dayOffId}` → 'id' | 'dayOffId'. */
export type ParamNames<P extends string> = P extends `${string}{${infer Name}}${infer Rest}` ? Name | ParamNames<Rest> : never;
